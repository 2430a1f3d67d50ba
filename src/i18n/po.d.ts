// The Lingui Vite plugin compiles `.po` catalogs on import into a module exporting `messages`.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
