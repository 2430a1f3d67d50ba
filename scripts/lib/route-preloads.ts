/**
 * Build-time list of the files each first screen needs, for the server to announce with the page.
 *
 * A page load starts the screen's lazy chunk only once the entry chunk (~130 KB on slow 4G) has
 * downloaded and run (src/app/router.tsx `preloadRouteModules`). The server knows the path when it
 * answers index.html, so it can name those files in a `Link: rel=modulepreload` header
 * (server/http/routePreloads.ts) and the browser fetches them alongside the entry chunk.
 *
 * The plugin writes `route-preloads.json` into dist/: `{ "<path pattern>": ["/assets/…js", "/assets/…css"] }`
 * for each entry of FIRST_SCREEN_ROUTES — the screen's chunk, the chunks it imports statically
 * (not those of the entry, which index.html already loads) and their stylesheets; and
 * `catalog-preloads.json`, each language's catalog chunk.
 */
import type { Plugin } from 'vite';

/** Path patterns (`:name` matches one segment) and the module each opens on (see src/app/router.tsx). */
export const FIRST_SCREEN_ROUTES: Readonly<Record<string, string>> = {
  '/welcome': 'src/welcome/WelcomeScreen.tsx',
  '/login': 'src/auth/LoginScreen.tsx',
  '/register': 'src/auth/RegisterScreen.tsx',
  '/passcode': 'src/auth/PasscodeScreen.tsx',
  '/in_progress': 'src/app/TaskListRoute.tsx',
  '/reserved': 'src/app/TaskListRoute.tsx',
  '/reservable': 'src/app/TaskListRoute.tsx',
  '/task/:taskId': 'src/app/TaskDetailRoute.tsx',
};

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** `{ "<locale>": "/assets/messages-….js" }`: each language's catalog chunk (src/locales/<locale>/messages.po). */
export const CATALOG_PRELOADS_FILE = 'catalog-preloads.json';
const CATALOG_MODULE = /\/src\/locales\/([a-z]{2})\/messages\.po$/;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function routePreloads(): Plugin {
  return {
    name: 'shelfwork:route-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, ChunkLike>();
        for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
        // What index.html loads already: the entry and everything it imports statically.
        const initial = new Set<string>();
        const addInitial = (fileName: string) => {
          if (initial.has(fileName)) return;
          initial.add(fileName);
          for (const dep of chunks.get(fileName)?.imports ?? []) addInitial(dep);
        };
        for (const chunk of chunks.values()) if (chunk.isEntry) addInitial(chunk.fileName);

        const table: Record<string, string[]> = {};
        for (const [pattern, module] of Object.entries(FIRST_SCREEN_ROUTES)) {
          // The chunk the screen's module opens (its facade), or — when a chunk group of
          // vite.config.ts holds the module with others — the chunk that contains it.
          const holds = (id: string | null | undefined) => Boolean(id?.replace(/\\/g, '/').endsWith(`/${module}`));
          const screen = [...chunks.values()].find((c) => holds(c.facadeModuleId)) ?? [...chunks.values()].find((c) => c.moduleIds.some(holds));
          if (!screen) this.error(`route-preloads: no chunk opens on ${module} (${pattern}); update FIRST_SCREEN_ROUTES`);
          const files: string[] = [];
          const styles = new Set<string>();
          const visit = (fileName: string) => {
            if (initial.has(fileName) || files.includes(`/${fileName}`)) return;
            const chunk = chunks.get(fileName);
            if (!chunk) return;
            files.push(`/${fileName}`);
            for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
            for (const dep of chunk.imports) visit(dep);
          };
          visit(screen.fileName);
          table[pattern] = [...files, ...styles];
        }
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(table, null, 1)}\n` });
        // The catalogs: the server adds the one of the language it expects the page to show, so it
        // downloads with the entry instead of after the boot has chosen it.
        const catalogs: Record<string, string> = {};
        for (const chunk of chunks.values()) {
          for (const id of chunk.moduleIds) {
            const locale = CATALOG_MODULE.exec(id.replace(/\\/g, '/'))?.[1];
            if (locale) catalogs[locale] = `/${chunk.fileName}`;
          }
        }
        this.emitFile({ type: 'asset', fileName: CATALOG_PRELOADS_FILE, source: `${JSON.stringify(catalogs, null, 1)}\n` });
      },
    },
  };
}
