/**
 * Which navigations get the precached app shell (sw.ts's NavigationRoute). Kept apart from sw.ts,
 * which only runs in a service worker, so the rule has unit tests (src/pwa/imageCache.test.ts).
 */
import { LETTERS_PATH_PREFIX } from '#contracts/serviceWorker';

/**
 * Navigations that must NOT get index.html: the API (and the dev mailbox under it) must reach the
 * server, the staff console (/staff) is another page of its own, and a letter of authority (a PDF opened in a new tab) is a document the image route
 * serves from the task-pack cache. The prefix has no regex metacharacters.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(\/|$)/, /^\/staff(\/|$)/, new RegExp(`^${LETTERS_PATH_PREFIX}`)];
