/**
 * The account as the mirror holds it: live-query hooks (re-render when the mirror changes;
 * `undefined` means "still reading IndexedDB", never "no data"). Commands: ./mutations.ts.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { SIGN_IN_PROVIDERS_KEY, readSignInProviders, type SignInProviders } from '#contracts/kv';
import { getDb } from '#db/schema';
import { within } from '../shared/within';
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
  return useLiveQuery(async () => readSignInProviders((await getDb().kv.get(SIGN_IN_PROVIDERS_KEY))?.value), [], providersReadAhead);
}

/** What `readSignInProvidersAhead` found: the hook's first answer, so the first paint has it. */
let providersReadAhead: SignInProviders | null | undefined;

/**
 * Reads the kept sign-in methods before the login or register screen first renders (at most
 * `capMs`): the Google button is then in the first paint instead of pushing the form's links down
 * a moment later.
 */
export async function readSignInProvidersAhead(capMs = 300): Promise<void> {
  const read = getDb()
    .kv.get(SIGN_IN_PROVIDERS_KEY)
    .then((row) => readSignInProviders(row?.value))
    .catch(() => undefined);
  providersReadAhead = await within(read, capMs);
}
