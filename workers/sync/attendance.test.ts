/**
 * Attendance in the sync worker against the real server: the requests pulled every 60 s only for
 * approved taskers into kv `attendance:requests`; an answer queued offline, kept while waiting,
 * delivered exactly once on reconnect (also when the first answer's response was lost) and then
 * gone from the list; a refusal kept with the server's code; logout clears the requests.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ATTENDANCE_REQUESTS_KEY } from '#contracts/kv';
import { ATTENDANCE_ANSWER_KIND } from '#db/outboxKinds';
import type { AttendanceRequest } from '#domain/attendance';
import { createAttendanceRequest } from '../../server/attendance/service';
import { createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const requests = async () => ((await h.db.kv.get(ATTENDANCE_REQUESTS_KEY))?.value as AttendanceRequest[] | undefined) ?? null;
const asked = () => h.net.calls('GET', 'task/attendance-requests').length;

async function reservedWithRequest(name: string): Promise<string> {
  const start = new Date(h.now().getTime() + 26 * 3600_000);
  const taskId = await h.world.task(name, 'reserved', { timeWindowStart: start.toISOString(), timeWindowEnd: new Date(start.getTime() + 8 * 3600_000).toISOString() });
  await h.server.db.transaction().execute((trx) => createAttendanceRequest(trx, { taskId, expiresAt: null, expiresInMinutes: 120, createdBy: 'test', now: h.now() }));
  return taskId;
}

async function answers(taskId: string) {
  return h.server.db.selectFrom('attendance_requests').select(['status', 'accept', 'justification']).where('task_id', '=', taskId).execute();
}

describe('attendance in the sync worker', () => {
  it('pulls the open requests of an approved tasker every 60 s, and never for others', async () => {
    h = await createHarness(server());
    const taskId = await reservedWithRequest('r1');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect((await requests())?.map((r) => r.taskId)).toEqual([taskId]);
    const first = asked();
    h.advance(30_000);
    await h.engine.syncNow('timer');
    expect(asked()).toBe(first);
    h.advance(31_000);
    await h.engine.syncNow('timer');
    expect(asked()).toBe(first + 1);

    // Not approved (awaiting approval): nothing asked.
    await h.world.setUserStatus(h.world.tasker.id, 'awaiting_approval');
    h.advance(61_000);
    await h.engine.syncNow('timer', true);
    await h.engine.idle();
    const before = asked();
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(asked()).toBe(before);
  });

  it('an answer given offline waits, is delivered once on reconnect and the request leaves the list', async () => {
    h = await createHarness(server());
    const taskId = await reservedWithRequest('r2');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(await requests()).toHaveLength(1);

    h.net.offline = true;
    const result = await h.engine.answerAttendance(taskId, { accept: false, justification: ' Car broke down ', policyAgreed: true });
    expect(result.ok).toBe(true);
    await h.engine.idle();
    const waiting = await h.db.outbox.where('taskId').equals(taskId).toArray();
    expect(waiting).toEqual([expect.objectContaining({ kind: ATTENDANCE_ANSWER_KIND, state: 'pending', payload: { accept: false, justification: 'Car broke down', policyAgreed: true } })]);
    // Still listed (shown as waiting by the screens).
    expect(await requests()).toHaveLength(1);
    expect(await answers(taskId)).toEqual([{ status: 'pending', accept: null, justification: null }]);

    // Back online; the first delivery's answer is lost on the way back: the retry replays, once.
    h.net.offline = false;
    h.net.fail('POST', `task/${taskId}/attendance-request`, { kind: 'lost-response' }, { times: 1 });
    await h.engine.syncNow('online');
    await h.engine.idle();
    h.advance(120_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(await answers(taskId)).toEqual([{ status: 'declined', accept: false, justification: 'Car broke down' }]);
    expect(await h.db.outbox.where('taskId').equals(taskId).toArray()).toEqual([]);
    expect(await requests()).toEqual([]);
  });

  it('checks the answer on the phone; an answer already given is refused with its code and the list is pulled again', async () => {
    h = await createHarness(server());
    const taskId = await reservedWithRequest('r3');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    const bad = await h.engine.answerAttendance(taskId, { accept: false, justification: '', policyAgreed: false });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { justification: 'REQUIRED', policyAgreed: 'REQUIRED' } } });
    expect(await h.db.outbox.count()).toBe(0);

    // Answered elsewhere meanwhile (another phone).
    await h.world.request(h.world.tasker.id, 'POST', `task/${taskId}/attendance-request`, { accept: true });
    expect((await h.engine.answerAttendance(taskId, { accept: true, justification: null, policyAgreed: false })).ok).toBe(true);
    await h.engine.idle();
    const [rejected] = await h.db.outbox.where('taskId').equals(taskId).toArray();
    expect(rejected).toMatchObject({ state: 'rejected', error: { status: 420, code: 'ATTENDANCE_ALREADY_SUBMITTED' } });
    expect(await requests()).toEqual([]);
    expect(await answers(taskId)).toEqual([{ status: 'accepted', accept: true, justification: null }]);
  });

  it('logout clears the requests', async () => {
    h = await createHarness(server());
    await reservedWithRequest('r4');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(await requests()).toHaveLength(1);
    await h.engine.logout();
    await h.engine.idle();
    expect(await requests()).toBeNull();
  });
});
