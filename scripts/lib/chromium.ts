/**
 * The flags the system Chromium runs with here (TOOLCHAIN.md: as root, headless, no background
 * traffic): the end-to-end tests and the browser benchmarks launch it the same way.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
