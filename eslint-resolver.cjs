/**
 * Import resolver for eslint-plugin-boundaries: relative paths with the TypeScript extensions
 * Vite and tsc accept, and the package.json subpath imports (`#domain/*`, `#ui/*`…), which the
 * stock node resolver does not read. Anything else (packages) is left to the node resolver.
 */
const path = require('node:path');
const fs = require('node:fs');
const node = require('eslint-import-resolver-node');

const root = __dirname;
const imports = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {};
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.css'];

/** The file a `#name/...` specifier names, as Node's subpath imports map it (exact keys first, then `*` patterns). */
function subpathTarget(source) {
  if (typeof imports[source] === 'string') return path.join(root, imports[source]);
  for (const [key, target] of Object.entries(imports)) {
    const star = key.indexOf('*');
    if (star < 0 || typeof target !== 'string') continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (source.startsWith(prefix) && source.endsWith(suffix) && source.length >= prefix.length + suffix.length) {
      return path.join(root, target.replace('*', source.slice(prefix.length, source.length - suffix.length)));
    }
  }
  return null;
}

module.exports = {
  interfaceVersion: 2,
  resolve(source, file) {
    if (source.startsWith('#')) {
      const target = subpathTarget(source);
      return target && fs.existsSync(target) ? { found: true, path: target } : { found: false };
    }
    return node.resolve(source, file, { extensions: EXTENSIONS });
  },
};
