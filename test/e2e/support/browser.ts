/**
 * How the end-to-end tests drive Chromium here: the system's Chromium (Playwright's download cannot
 * reach its CDN on these machines) with the flags TOOLCHAIN.md lists, and the permissions the app
 * needs. Shared by playwright.config.ts and the specs that launch their own persistent context.
 */
export { CHROMIUM_ARGS } from '../../../scripts/lib/chromium';

/** `background-sync` must be listed: Playwright denies anything unlisted and Workbox's sync
 * registration then fails silently. */
export const PERMISSIONS = ['geolocation', 'camera', 'background-sync'];

export const VIEWPORT = { width: 390, height: 844 };

/** Vilnius old town: near the LT demo stores. */
export const DEFAULT_GEOLOCATION = { latitude: 54.6872, longitude: 25.2797 };

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) {
    throw new Error('E2E_BASE_URL is not set: run the end-to-end tests with `bash scripts/test-e2e.sh`.');
  }
  return url;
}
