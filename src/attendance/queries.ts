/**
 * The tasker's open attendance requests as the screens show them: the mirror's list (kv
 * `attendance:requests`, pulled every 60 s for approved taskers) with, per request, the state of
 * its answer in the outbox — waiting to be sent, or refused by the server with its code.
 */
import { ATTENDANCE_REQUESTS_KEY } from '#contracts/kv';
import { ATTENDANCE_ANSWER_KIND } from '#db/outboxKinds';
import { getDb } from '#db/schema';
import { isAttendanceRequest, type AttendanceRequest } from '#domain/attendance';
import type { ErrorCode } from '#domain/errors';
import { prefetchAnswer, useCachedLiveQuery } from '../shared/cachedLiveQuery';

export interface AttendanceRequestView extends AttendanceRequest {
  /** An answer is on the phone, not yet delivered. */
  waiting: boolean;
  /** The server refused the latest answer. */
  refused: { recordId: string; code: ErrorCode; message: string } | null;
}

const REQUESTS_KEY = 'attendance:requests';

/**
 * undefined while loading; [] when there are none (or the tasker is not approved). Cached across
 * screens (every list shows the banners): see src/shared/cachedLiveQuery.ts.
 */
export function useAttendanceRequests(): AttendanceRequestView[] | undefined {
  return useCachedLiveQuery(REQUESTS_KEY, readAttendanceRequests, []);
}

/** Reads the requests into the cache before a list opens (its banners are in its first paint). */
export function prefetchAttendanceRequests(): Promise<void> {
  return prefetchAnswer(REQUESTS_KEY, readAttendanceRequests);
}

async function readAttendanceRequests(): Promise<AttendanceRequestView[]> {
  const db = getDb();
  const raw = (await db.kv.get(ATTENDANCE_REQUESTS_KEY))?.value;
  const list = Array.isArray(raw) ? raw.filter(isAttendanceRequest) : [];
  if (list.length === 0) return [];
  const me = await db.user.get('me');
  if (me && me.status !== 'active') return [];
  const records = await db.outbox
    .where('taskId')
    .anyOf(list.map((r) => r.taskId))
    .filter((r) => r.kind === ATTENDANCE_ANSWER_KIND && (!r.ownerId || r.ownerId === me?.id))
    .toArray();
  return list.map((request) => {
    const mine = records.filter((r) => r.taskId === request.taskId);
    const waiting = mine.some((r) => r.state === 'pending' || r.state === 'sending');
    const rejected = mine.find((r) => r.state === 'rejected');
    return {
      ...request,
      waiting,
      refused: rejected?.error ? { recordId: rejected.id, code: rejected.error.code, message: rejected.error.message } : null,
    };
  });
}

/** The open request of one task, if any. */
export function useAttendanceRequest(taskId: string | undefined): AttendanceRequestView | null | undefined {
  const all = useAttendanceRequests();
  if (all === undefined) return undefined;
  return all.find((r) => r.taskId === taskId) ?? null;
}

export interface AttendanceRefusal {
  recordId: string;
  taskId: string;
  code: ErrorCode;
  message: string;
}

/** Every refused attendance answer of the signed-in tasker (the request itself may have left the list). */
export function useAttendanceRefusals(): AttendanceRefusal[] | undefined {
  return useCachedLiveQuery('attendance:refusals', async () => {
    const db = getDb();
    const me = await db.user.get('me');
    const rows = await db.outbox
      .where('state')
      .equals('rejected')
      .filter((r) => r.kind === ATTENDANCE_ANSWER_KIND && (!r.ownerId || r.ownerId === me?.id))
      .toArray();
    return rows.map((r) => ({ recordId: r.id, taskId: r.taskId ?? '', code: r.error?.code ?? 'UNKNOWN', message: r.error?.message ?? '' }));
  }, []);
}
