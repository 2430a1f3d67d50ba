/**
 * Where the `/{taskId}` photos route is enabled (spec section 2: "only on local and two photo
 * hosts"): localhost / 127.0.0.1 / ::1 always, and the photo hosts configured at build time in
 * VITE_PHOTO_HOSTS (comma-separated host names; default the two production photo hosts below).
 */
export const DEFAULT_PHOTO_HOSTS = ['photos.shelfwork.app', 'photos.staging.shelfwork.app'] as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function configuredPhotoHosts(raw: string | undefined): string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  return hosts.length > 0 ? hosts : [...DEFAULT_PHOTO_HOSTS];
}

export function photoRouteEnabled(hostname: string, hosts: readonly string[] = configuredPhotoHosts(import.meta.env.VITE_PHOTO_HOSTS as string | undefined)): boolean {
  const host = hostname.toLowerCase();
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || hosts.includes(host);
}
