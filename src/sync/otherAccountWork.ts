/**
 * Whether the phone holds work another account queued and has not sent yet. Outbox records carry
 * the id of the tasker who queued them (`ownerId`) and are kept across logouts and session
 * expiries; only their owner's session sends them (workers/sync/outbox.ts). The signed-in tasker
 * is told such work exists when signing out (src/chrome/SignOutButton.tsx), and nothing more: not
 * whose it is, nor what it holds.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type ShelfworkDb } from '#db/schema';

/**
 * Unsent (`pending`, `sending`) records owned by an account other than the mirrored user. 0 when
 * the user is not known yet: the signed-in tasker's own records would otherwise count. Records
 * without an owner are sent by whoever is signed in, so they are no other account's. Refused
 * records are left out: they are not sent again by themselves when their owner signs in.
 */
export async function countOtherAccountsUnsent(db: ShelfworkDb): Promise<number> {
  const me = await db.user.get('me');
  if (!me) return 0;
  const unsent = await db.outbox.where('state').anyOf(['pending', 'sending']).toArray();
  return unsent.filter((r) => r.ownerId != null && r.ownerId !== me.id).length;
}

/** Live: the count above; undefined while reading the mirror. */
export function useOtherAccountsUnsent(): number | undefined {
  return useLiveQuery(() => countOtherAccountsUnsent(getDb()), []);
}
