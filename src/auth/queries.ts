/**
 * The account as the mirror holds it: live-query hooks (re-render when the mirror changes;
 * `undefined` means "still reading IndexedDB", never "no data"). Commands: ./mutations.ts.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { SIGN_IN_PROVIDERS_KEY, readSignInProviders, type SignInProviders } from '#contracts/kv';
import { getDb } from '#db/schema';
import type { User } from '#domain/types';

/** null = logged out; undefined = loading. */
export function useSessionEmail(): string | null | undefined {
  return useLiveQuery(async () => {
    const row = await getDb().session.get('tokens');
    return row ? (row.email ?? '') : null;
  }, []);
}

/** null = not synced yet (or logged out). */
export function useUser(): User | null | undefined {
  return useLiveQuery(async () => (await getDb().user.get('me')) ?? null, []);
}

/**
 * The sign-in methods the server offered when last asked (kv, written by the worker's
 * `signInProviders`): null = never asked yet; undefined = loading.
 */
export function useSignInProviders(): SignInProviders | null | undefined {
  return useLiveQuery(async () => readSignInProviders((await getDb().kv.get(SIGN_IN_PROVIDERS_KEY))?.value), []);
}
