/**
 * The guards and list parsers of the server's answers, once for the whole worker: an answer is
 * untrusted data from another program, so every pull, reconcile and login reads it through these.
 */
import type { AuthTokens, Page, Task, User } from '#domain/types';

export function isUser(value: unknown): value is User {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { email?: unknown }).email === 'string' &&
    typeof (value as { status?: unknown }).status === 'string'
  );
}

export function isTask(value: unknown): value is Task {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { status?: unknown }).status === 'string' &&
    typeof (value as { place?: unknown }).place === 'object' &&
    (value as { place?: unknown }).place !== null
  );
}

export function isAuthTokens(value: unknown): value is AuthTokens {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { token?: unknown }).token === 'string' &&
    typeof (value as { refreshToken?: unknown }).refreshToken === 'string'
  );
}

export function isPage(body: unknown): body is Page<unknown> {
  const page = body as Page<unknown> | null;
  return !!page && Array.isArray(page.data) && typeof page.pageInfo === 'object' && page.pageInfo !== null;
}

/** The `data` array of a `{ data }` answer (a page or a wrapped list), else null. */
export function dataList<T>(body: unknown): T[] | null {
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : null;
}

/** Lists come as an array or as `{ data }` (a page); accept both. */
export function listOf<T>(body: unknown): T[] | null {
  return Array.isArray(body) ? (body as T[]) : dataList<T>(body);
}

/** The strings of a value that should be a string list (anything else dropped). */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
