/** The account's pulls: the user, the countries, the trainings and the reservation limit. */
import { listCountries, listTrainings } from '#contracts/api/catalog';
import { reservationLimit } from '#contracts/api/tasks';
import { getUser } from '#contracts/api/users';
import type { Country, Training, User } from '#domain/types';
import { isAnswer, isUser, listAnswer } from '../answers';
import { overlayUnsent } from '../kinds';
import { clearPacks, packTables } from '../pack';
import { clearProfile, profileTables } from './profile';
import { clearAccountKv, failure, OK, type PullContext, type PullResult, recordFailure, successMeta, unsentRecords } from './base';

/** GET user → user 'me'. A different account than the mirrored one wipes the old account's rows. */
export async function pullUser(ctx: PullContext): Promise<PullResult> {
  const { db } = ctx;
  const now = ctx.now();
  const result = await ctx.session.call(getUser);
  if (!result.ok) {
    await recordFailure(db, 'user', now, result.error.code);
    return failure(result);
  }
  if (!isUser(result.body)) {
    await recordFailure(db, 'user', now, 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed user' } };
  }
  const user: User = result.body;
  await db.transaction('rw', [db.session, db.user, db.tasks, db.trainings, db.reservationLimit, db.meta, db.outbox, db.kv, ...packTables(db), ...profileTables(db), db.places], async () => {
    if (!(await db.session.get('tokens'))) return;
    const previous = await db.user.get('me');
    if (previous && previous.id !== user.id) {
      await Promise.all([db.tasks.clear(), db.trainings.clear(), db.reservationLimit.clear(), db.meta.clear(), clearAccountKv(db), clearPacks(db), clearProfile(db), db.places.clear()]);
    }
    const unsent = (await unsentRecords(db)).filter((r) => r.ownerId == null || r.ownerId === user.id);
    await db.user.put({ ...overlayUnsent(user, unsent), key: 'me' });
    await db.meta.put(successMeta('user', now));
    // Approved, or the required trainings marked done by staff: the trainings (a 5 min interval)
    // are asked again in this sync, or the task screens stay locked on the old list for minutes.
    if (previous?.id === user.id && (previous.isApproved !== user.isApproved || previous.trainingDone !== user.trainingDone)) await db.meta.delete('trainings');
  });
  return OK;
}

/** GET country. Reference data, also needed by the register screen, so a token is optional. */
export async function pullCountries(ctx: PullContext): Promise<PullResult> {
  const { db } = ctx;
  const now = ctx.now();
  const result = await ctx.session.call(listCountries, { auth: 'optional' });
  if (!result.ok) {
    await recordFailure(db, 'countries', now, result.error.code);
    return failure(result);
  }
  const list: Country[] | null = listAnswer(listCountries, result.body);
  if (!list) {
    await recordFailure(db, 'countries', now, 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed country list' } };
  }
  await db.transaction('rw', db.countries, db.meta, async () => {
    await db.countries.clear();
    await db.countries.bulkPut(list);
    await db.meta.put(successMeta('countries', now));
  });
  return OK;
}

/** GET training → trainings (replaced as a whole: a disabled training disappears). */
export async function pullTrainings(ctx: PullContext): Promise<PullResult> {
  const { db } = ctx;
  const now = ctx.now();
  const result = await ctx.session.call(listTrainings);
  if (!result.ok) {
    await recordFailure(db, 'trainings', now, result.error.code);
    return failure(result);
  }
  const list: Training[] | null = listAnswer(listTrainings, result.body);
  if (!list) {
    await recordFailure(db, 'trainings', now, 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed training list' } };
  }
  await db.transaction('rw', db.session, db.trainings, db.meta, async () => {
    if (!(await db.session.get('tokens'))) return;
    await db.trainings.clear();
    await db.trainings.bulkPut(list);
    await db.meta.put(successMeta('trainings', now));
  });
  return OK;
}

export async function pullReservationLimit(ctx: PullContext): Promise<PullResult> {
  const { db } = ctx;
  const now = ctx.now();
  const result = await ctx.session.call(reservationLimit);
  if (!result.ok) {
    await recordFailure(db, 'reservationLimit', now, result.error.code);
    return failure(result);
  }
  if (!isAnswer(reservationLimit, result.body)) {
    await recordFailure(db, 'reservationLimit', now, 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed reservation limit' } };
  }
  await db.transaction('rw', db.session, db.reservationLimit, db.meta, async () => {
    if (!(await db.session.get('tokens'))) return;
    await db.reservationLimit.put({ used: result.body.used, limit: result.body.limit, key: 'me' });
    await db.meta.put(successMeta('reservationLimit', now));
  });
  return OK;
}
