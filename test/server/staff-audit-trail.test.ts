/**
 * The staff routes that existed before staff accounts, now acted on by signed-in members: each
 * write leaves an audit row naming the member with the entity before and after; a member limited
 * to one market is refused (403 STAFF_MARKET_REFUSED) on another market's tasker, task, payouts
 * and missions, and sees only their markets in lists; the tasker search filters and pages; a
 * tasker's task history; deactivate and reactivate.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { bearer, insertStaff, type TestStaff } from './staff-auth-fixtures';
import { addTask, makeTasker } from './money-helpers';
import { moneyDb } from '../../server/db/money-tables';
import { signStaffAccessToken } from '../../server/http/accessTokens';
import { runMoneyCommand } from '../../server/money/cli';
import type { User } from '#domain/types';

let server: TestServer;
let onboardingAll: TestStaff;
let onboardingLt: TestStaff;
let reviewerLt: TestStaff;
let financeLt: TestStaff;
let financeAll: TestStaff;

beforeAll(async () => {
  server = await startTestServer();
  onboardingAll = await insertStaff(server, ['onboarding'], { prefix: 'onb-all' });
  onboardingLt = await insertStaff(server, ['onboarding', 'support'], { markets: ['LT'], prefix: 'onb-lt' });
  reviewerLt = await insertStaff(server, ['reviewer'], { markets: ['LT'], prefix: 'rev-lt' });
  financeLt = await insertStaff(server, ['finance'], { markets: ['LT'], prefix: 'fin-lt' });
  financeAll = await insertStaff(server, ['finance'], { prefix: 'fin-all' });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  server.clock.set(SEED_TIME);
});

let keys = 0;
/** A staff call with a token signed at the test clock (some tests move it weeks ahead). */
const call = async (who: TestStaff, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.request({
    method,
    url,
    headers: { ...bearer(await signStaffAccessToken(server.context.tokens, who.id, server.clock.now())), ...(method === 'POST' ? { 'idempotency-key': `audit-test-${(keys += 1)}-${Date.now()}` } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

interface AuditRow {
  staff_id: string | null;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  country_code: string | null;
  before: unknown;
  after: unknown;
}

const auditOf = async (entityId: string): Promise<AuditRow[]> =>
  (await server.db
    .selectFrom('staff_audit')
    .select(['staff_id', 'actor', 'action', 'entity', 'entity_id', 'country_code', 'before', 'after'])
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .execute()) as AuditRow[];

const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

async function awaitingTasker(country: 'LT' | 'PL') {
  const t = await makeTasker(server.db, { country });
  await server.db.updateTable('users').set({ status: 'awaiting_approval', approved_at: null }).where('id', '=', t.id).execute();
  return t;
}

describe('tasker decisions are audited with the member and market-limited', () => {
  it('approve: an audit row with the member, the market and the status before and after; the history names the member', async () => {
    const t = await awaitingTasker('LT');
    const res = await call(onboardingLt, 'POST', `/api/staff/users/${t.id}/approve`, undefined, { 'shelfwork-staff-name': 'Someone Else' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await auditOf(t.id);
    expect(rows).toHaveLength(1);
    const row = rows[0] as AuditRow;
    expect(row).toMatchObject({ staff_id: onboardingLt.id, actor: onboardingLt.email, action: 'user.approve', entity: 'user', country_code: 'LT' });
    expect(parsed(row.before)).toMatchObject({ status: 'awaiting_approval', approvedAt: null });
    expect(parsed(row.after)).toMatchObject({ status: 'active', approvedAt: SEED_TIME });
    // A member cannot sign as someone else: the header is ignored for them.
    const event = await server.db.selectFrom('user_events').select(['kind', 'actor']).where('user_id', '=', t.id).executeTakeFirstOrThrow();
    expect(event).toEqual({ kind: 'approved', actor: onboardingLt.email });
  });

  it("a key is the member's own: another member replaying it gets their own checks, not the stored answer", async () => {
    const t = await awaitingTasker('PL');
    const key = { 'idempotency-key': `shared-${randomUUID()}` };
    const first = await call(onboardingAll, 'POST', `/api/staff/users/${t.id}/approve`, undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    // The same key, path and body from a member limited to LT: refused by the market check.
    const second = await call(onboardingLt, 'POST', `/api/staff/users/${t.id}/approve`, undefined, key);
    expect(second.statusCode).toBe(403);
    expect(second.json<{ error: { code: string } }>().error.code).toBe('STAFF_MARKET_REFUSED');
    // The first member's own replay answers the stored answer.
    const replay = await call(onboardingAll, 'POST', `/api/staff/users/${t.id}/approve`, undefined, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await auditOf(t.id)).toHaveLength(1);
  });

  it('reject: before and after carry the reasons', async () => {
    const t = await awaitingTasker('LT');
    const res = await call(onboardingAll, 'POST', `/api/staff/users/${t.id}/reject`, { reasons: ['firstName'], comment: 'Spelling' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await auditOf(t.id);
    expect(row).toMatchObject({ actor: onboardingAll.email, action: 'user.reject' });
    expect(parsed(row?.before)).toMatchObject({ status: 'awaiting_approval', rejectionReasons: [] });
    expect(parsed(row?.after)).toMatchObject({ status: 'rejected', rejectionReasons: ['firstName'], rejectionComment: 'Spelling' });
  });

  it('a member limited to LT is refused on a PL tasker (reads and writes), and nothing changes', async () => {
    const t = await awaitingTasker('PL');
    for (const [method, url] of [
      ['POST', `/api/staff/users/${t.id}/approve`],
      ['POST', `/api/staff/users/${t.id}/deactivate`],
      ['POST', `/api/staff/users/${t.id}/trainings/basics/done`],
      ['GET', `/api/staff/users/${t.id}`],
      ['GET', `/api/staff/users/${t.id}/tasks`],
    ] as const) {
      const res = await call(onboardingLt, method, url);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('STAFF_MARKET_REFUSED');
    }
    const row = await server.db.selectFrom('users').select('status').where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_approval');
    expect(await auditOf(t.id)).toEqual([]);
  });

  it('trainings: a change is audited, marking one already done again is not', async () => {
    const t = await makeTasker(server.db, { country: 'LT' });
    const done = await call(onboardingLt, 'POST', `/api/staff/users/${t.id}/trainings/basics/done`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(onboardingLt, 'POST', `/api/staff/users/${t.id}/trainings/basics/done`)).statusCode).toBe(200);
    const rows = await auditOf(t.id);
    expect(rows.map((r) => r.action)).toEqual(['user.training_done']);
    expect(parsed(rows[0]?.before)).toEqual({ trainingId: 'basics', done: false });
    expect(parsed(rows[0]?.after)).toEqual({ trainingId: 'basics', done: true });
  });

  it('deactivate and reactivate: audited once each; an approved tasker comes back active', async () => {
    const t = await makeTasker(server.db, { country: 'LT' });
    await server.db.updateTable('users').set({ approved_at: new Date('2026-01-02T00:00:00Z') }).where('id', '=', t.id).execute();
    const off = await call(onboardingLt, 'POST', `/api/staff/users/${t.id}/deactivate`, { comment: 'Left the company' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<User>()).toMatchObject({ status: 'deactivated', isDeactivated: true });
    const again = await call(onboardingLt, 'POST', `/api/staff/users/${t.id}/deactivate`);
    expect(again.json<User>().status).toBe('deactivated');
    const on = await call(onboardingLt, 'POST', `/api/staff/users/${t.id}/reactivate`);
    expect(on.json<User>().status).toBe('active');
    const rows = await auditOf(t.id);
    expect(rows.map((r) => [r.action, parsed(r.before).status, parsed(r.after).status])).toEqual([
      ['user.deactivate', 'active', 'deactivated'],
      ['user.reactivate', 'deactivated', 'active'],
    ]);
    const events = await server.db.selectFrom('user_events').select(['kind', 'actor', 'comment']).where('user_id', '=', t.id).orderBy('created_at').orderBy('id').execute();
    expect(events).toEqual([
      { kind: 'deactivated', actor: onboardingLt.email, comment: 'Left the company' },
      { kind: 'reactivated', actor: onboardingLt.email, comment: null },
    ]);
  });

  it('a tasker never approved is reactivated as a new profile; other roles are refused', async () => {
    const t = await awaitingTasker('LT');
    expect((await call(onboardingLt, 'POST', `/api/staff/users/${t.id}/deactivate`)).statusCode).toBe(200);
    expect((await call(onboardingLt, 'POST', `/api/staff/users/${t.id}/reactivate`)).json<User>().status).toBe('new');
    const refused = await call(financeAll, 'POST', `/api/staff/users/${t.id}/deactivate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('STAFF_ROLE_REQUIRED');
  });
});

describe('task review is audited and market-limited', () => {
  it('reject with a reduced reward: status, reward and comment before and after', async () => {
    const t = await makeTasker(server.db, { country: 'LT' });
    const taskId = await addTask(server.db, { taskerId: t.id, country: 'LT', status: 'awaiting_confirmation', reward: '20.00', at: '2026-03-09T12:00:00Z' });
    const res = await call(reviewerLt, 'POST', `/api/staff/tasks/${taskId}/reject`, { resultComment: 'Blurry photos', reducedReward: '7.50' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await auditOf(taskId);
    expect(row).toMatchObject({ staff_id: reviewerLt.id, actor: reviewerLt.email, action: 'task.reject', entity: 'task', country_code: 'LT' });
    expect(parsed(row?.before)).toEqual({ status: 'awaiting_confirmation', countryCode: 'LT', reward: '20.00', reducedReward: null, resultComment: null });
    expect(parsed(row?.after)).toEqual({ status: 'rejected', countryCode: 'LT', reward: '20.00', reducedReward: '7.50', resultComment: 'Blurry photos' });
  });

  it('a reviewer limited to LT cannot accept a PL task', async () => {
    const t = await makeTasker(server.db, { country: 'PL' });
    const taskId = await addTask(server.db, { taskerId: t.id, country: 'PL', status: 'awaiting_confirmation', reward: '40.00', at: '2026-03-09T12:00:00Z' });
    const res = await call(reviewerLt, 'POST', `/api/staff/tasks/${taskId}/accept`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('STAFF_MARKET_REFUSED');
    const row = await server.db.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_confirmation');
    expect(await auditOf(taskId)).toEqual([]);
  });
});

describe('payouts are audited and market-limited', () => {
  it('finance limited to LT runs, reads, exports and marks paid LT; each step is in the trail', async () => {
    server.clock.set('2026-06-10T09:00:00.000Z');
    const t = await makeTasker(server.db, { country: 'LT', iban: 'LT121000011101001000' });
    await addTask(server.db, { taskerId: t.id, country: 'LT', reward: '12.34', at: '2026-06-03T10:00:00Z' });
    const run = await call(financeLt, 'POST', '/api/staff/payouts/run', { country: 'LT', week: '2026-06-01' });
    expect(run.statusCode, run.body).toBe(200);
    const week = await call(financeLt, 'GET', '/api/staff/payouts?country=LT&week=2026-06-01');
    expect(week.statusCode, week.body).toBe(200);
    const mine = week.json<{ data: { id: string; user: { id: string } }[] }>().data.find((p) => p.user.id === t.id);
    expect(mine).toBeDefined();
    expect((await call(financeLt, 'GET', '/api/staff/payouts/export.csv?country=LT&week=2026-06-01')).statusCode).toBe(200);
    const paid = await call(financeLt, 'POST', '/api/staff/payouts/mark-paid', { ids: [mine?.id] });
    expect(paid.statusCode, paid.body).toBe(200);
    const rows = await auditOf('LT/2026-06-01');
    expect(rows.map((r) => [r.action, r.actor, r.country_code])).toEqual([
      ['payouts.run', financeLt.email, 'LT'],
      ['payouts.export_csv', financeLt.email, 'LT'],
      ['payouts.mark_paid', financeLt.email, 'LT'],
    ]);
    expect(parsed(rows[0]?.after)).toMatchObject({ countryCode: 'LT', weekStart: '2026-06-01', alreadyRun: false });
    expect(parsed(rows[2]?.before).payouts).toEqual([expect.objectContaining({ id: mine?.id, status: 'pending' })]);
    expect(parsed(rows[2]?.after)).toEqual({ paid: [mine?.id] });
  });

  it('finance limited to LT cannot run, read, export or mark paid PL', async () => {
    server.clock.set('2026-06-10T09:00:00.000Z');
    const t = await makeTasker(server.db, { country: 'PL' });
    await addTask(server.db, { taskerId: t.id, country: 'PL', reward: '50.00', at: '2026-06-03T10:00:00Z' });
    const refusals = [
      await call(financeLt, 'POST', '/api/staff/payouts/run', { country: 'PL', week: '2026-06-01' }),
      await call(financeLt, 'GET', '/api/staff/payouts?country=PL&week=2026-06-01'),
      await call(financeLt, 'GET', '/api/staff/payouts/export.csv?country=PL&week=2026-06-01'),
      await call(financeLt, 'POST', '/api/staff/payouts/mark-paid', { country: 'PL', week: '2026-06-01' }),
      await call(financeLt, 'POST', '/api/staff/payouts/adjustments', { user: t.id, kind: 'reduction', amount: '1.00', reason: 'x' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('STAFF_MARKET_REFUSED');
    }
    expect(await moneyDb(server.db).selectFrom('payout_adjustments').select('id').where('user_id', '=', t.id).execute()).toEqual([]);
    // Run of every due week: only LT's (PL is left for someone allowed there).
    server.clock.set('2026-06-17T09:00:00.000Z');
    const due = await call(financeLt, 'POST', '/api/staff/payouts/run', {});
    expect(due.statusCode, due.body).toBe(200);
    expect(due.json<{ data: { countryCode: string }[] }>().data.map((r) => r.countryCode)).toEqual(['LT']);
    // A PL payout marked by id is refused too.
    const run = await call(financeAll, 'POST', '/api/staff/payouts/run', { country: 'PL', week: '2026-06-01' });
    expect(run.statusCode, run.body).toBe(200);
    const week = await call(financeAll, 'GET', '/api/staff/payouts?country=PL&week=2026-06-01');
    const pl = week.json<{ data: { id: string; user: { id: string } }[] }>().data.find((p) => p.user.id === t.id);
    const byId = await call(financeLt, 'POST', '/api/staff/payouts/mark-paid', { ids: [pl?.id] });
    expect(byId.statusCode, byId.body).toBe(403);
  });

  it("GET /api/staff/payouts/weeks: the market's weeks newest first with run and exact totals; another market refused", async () => {
    server.clock.set('2026-07-08T09:00:00.000Z');
    const t = await makeTasker(server.db, { country: 'LT' });
    await addTask(server.db, { taskerId: t.id, country: 'LT', reward: '10.10', at: '2026-06-30T10:00:00Z' });
    const u = await makeTasker(server.db, { country: 'LT' });
    await addTask(server.db, { taskerId: u.id, country: 'LT', reward: '0.20', at: '2026-07-01T10:00:00Z' });
    expect((await call(financeLt, 'POST', '/api/staff/payouts/run', { country: 'LT', week: '2026-06-29' })).statusCode).toBe(200);
    const res = await call(financeLt, 'GET', '/api/staff/payouts/weeks?country=LT');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ currencyCode: string; data: { weekStart: string; over: boolean; run: unknown; payouts: number; pending: number; total: string; pendingTotal: string }[] }>();
    expect(body.currencyCode).toBe('EUR');
    expect(body.data[0]).toMatchObject({ weekStart: '2026-07-06', over: false, run: null, payouts: 0, total: '0.00' });
    const ran = body.data.find((w) => w.weekStart === '2026-06-29');
    expect(ran?.run).not.toBeNull();
    expect(ran?.over).toBe(true);
    expect(ran).toMatchObject({ payouts: 2, pending: 2, total: '10.30', pendingTotal: '10.30' });
    const weeks = body.data.map((w) => w.weekStart);
    expect([...weeks].sort().reverse()).toEqual(weeks);
    const refused = await call(financeLt, 'GET', '/api/staff/payouts/weeks?country=PL');
    expect(refused.statusCode).toBe(403);
    expect((await call(financeLt, 'GET', '/api/staff/payouts/weeks')).statusCode).toBe(400);
  });

  it('an adjustment is audited with the amount as an exact decimal string', async () => {
    const t = await makeTasker(server.db, { country: 'LT' });
    const res = await call(financeLt, 'POST', '/api/staff/payouts/adjustments', { user: t.email, kind: 'overpayment', amount: '0.10', reason: 'Double paid' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await auditOf(t.id);
    expect(row).toMatchObject({ action: 'payouts.adjustment', actor: financeLt.email, country_code: 'LT' });
    expect(parsed(row?.after)).toMatchObject({ kind: 'overpayment', amount: { amount: '0.10', currencyCode: 'EUR' }, reason: 'Double paid', createdBy: financeLt.email });
  });
});

describe('GET /api/staff/users: the tasker search', () => {
  it('finds by name, e-mail or phone, filters by status and market, pages, and shows a limited member only their markets', async () => {
    const marker = `Zyx${Date.now().toString(36)}`;
    const a = await makeTasker(server.db, { country: 'LT', firstName: marker, lastName: 'Alpha' });
    const b = await makeTasker(server.db, { country: 'PL', firstName: marker, lastName: 'Beta' });
    const c = await makeTasker(server.db, { country: 'LT', firstName: marker, lastName: 'Gamma' });
    await server.db.updateTable('users').set({ status: 'deactivated', phone: '+370 612 99 881' }).where('id', '=', c.id).execute();
    type Page = { data: User[]; total: number; nextOffset: number | null };
    const search = async (who: TestStaff, query: string) => {
      const res = await call(who, 'GET', `/api/staff/users?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const all = await search(onboardingAll, `q=${marker.toLowerCase()}`);
    expect(all.total).toBe(3);
    expect(new Set(all.data.map((u) => u.id))).toEqual(new Set([a.id, b.id, c.id]));
    expect((await search(onboardingAll, `q=${marker}&country=PL`)).data.map((u) => u.id)).toEqual([b.id]);
    expect((await search(onboardingAll, `q=${marker}&status=deactivated`)).data.map((u) => u.id)).toEqual([c.id]);
    expect((await search(onboardingAll, `q=${encodeURIComponent(`${marker} gam`)}`)).data.map((u) => u.id)).toEqual([c.id]);
    expect((await search(onboardingAll, 'q=61299881')).data.map((u) => u.id)).toEqual([c.id]);
    expect((await search(onboardingAll, `q=${a.email.slice(0, 15)}`)).data.map((u) => u.id)).toEqual([a.id]);
    const limited = await search(onboardingLt, `q=${marker}`);
    expect(new Set(limited.data.map((u) => u.id))).toEqual(new Set([a.id, c.id]));
    const first = await search(onboardingAll, `q=${marker}&limit=2`);
    expect(first.data).toHaveLength(2);
    expect(first.nextOffset).toBe(2);
    const second = await search(onboardingAll, `q=${marker}&limit=2&offset=2`);
    expect(second.data).toHaveLength(1);
    expect(second.nextOffset).toBeNull();
    expect(new Set([...first.data, ...second.data].map((u) => u.id)).size).toBe(3);
  });

  it('refuses a bad filter with 400 and another market with 403', async () => {
    for (const q of ['status=sleeping', 'country=XX', 'limit=0', 'limit=201', 'offset=-1', 'limit=abc']) {
      const res = await call(onboardingAll, 'GET', `/api/staff/users?${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
    }
    const res = await call(onboardingLt, 'GET', '/api/staff/users?country=PL');
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('STAFF_MARKET_REFUSED');
  });
});

describe('GET /api/staff/users/:id/tasks', () => {
  it("answers the tasker's tasks newest first with status, dates, reward and outcome, and a cancelled reservation", async () => {
    const t = await makeTasker(server.db, { country: 'LT' });
    const older = await addTask(server.db, { taskerId: t.id, country: 'LT', status: 'rejected', reward: '20.00', reducedReward: '5.00', at: '2026-03-01T12:00:00Z' });
    await server.db.updateTable('tasks').set({ result_comment: 'Wrong shelf' }).where('id', '=', older).execute();
    const newer = await addTask(server.db, { taskerId: t.id, country: 'LT', status: 'accepted', reward: '15.5', at: '2026-03-08T12:00:00Z' });
    const other = await makeTasker(server.db, { country: 'LT' });
    const given = await addTask(server.db, { taskerId: other.id, country: 'LT', status: 'accepted', reward: '9.00', at: '2026-03-05T12:00:00Z' });
    await server.db.insertInto('task_cancellations').values({ id: randomUUID(), task_id: given, user_id: t.id, late: false, justification: null, created_at: new Date('2026-03-04T08:00:00Z') }).execute();
    const res = await call(reviewerLt, 'GET', `/api/staff/users/${t.id}/tasks`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { id: string; status: string; reward: { amount: string }; reducedReward: { amount: string } | null; resultComment: string | null; finalizedAt: string | null; cancelledAt: string | null }[] }>().data;
    expect(data.map((d) => [d.id, d.status])).toEqual([
      [newer, 'accepted'],
      [given, 'cancelled'],
      [older, 'rejected'],
    ]);
    expect(data[0]).toMatchObject({ reward: { amount: '15.50', currencyCode: 'EUR' }, reducedReward: null, finalizedAt: '2026-03-08T12:00:00.000Z' });
    expect(data[1]).toMatchObject({ cancelledAt: '2026-03-04T08:00:00.000Z', finalizedAt: null });
    expect(data[2]).toMatchObject({ reducedReward: { amount: '5.00' }, resultComment: 'Wrong shelf' });
  });
});

describe('missions and attendance requests are audited and market-limited', () => {
  const mission = (countryCode: string) => ({ name: `Audit ${countryCode}`, countryCode, moneyReward: '5.00', objectives: [{ contentType: 'task_type', allowedItems: ['shelf-photo'], target: 1 }] });

  it('a mission is created and assigned in the member’s market, audited; another market is refused and not listed', async () => {
    const refused = await call(financeLt, 'POST', '/api/staff/missions', mission('PL'));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await moneyDb(server.db).selectFrom('missions').select('id').where('name', '=', 'Audit PL').execute()).toEqual([]);
    const created = await call(financeLt, 'POST', '/api/staff/missions', mission('LT'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const t = await makeTasker(server.db, { country: 'LT' });
    expect((await call(financeLt, 'POST', `/api/staff/missions/${id}/assign`, { userIds: [t.id] })).statusCode).toBe(200);
    expect((await auditOf(id)).map((r) => [r.action, r.actor, r.country_code])).toEqual([
      ['mission.create', financeLt.email, 'LT'],
      ['mission.assign', financeLt.email, 'LT'],
    ]);
    const pl = await call(financeAll, 'POST', '/api/staff/missions', mission('PL'));
    const plId = pl.json<{ id: string }>().id;
    const listed = (await call(financeLt, 'GET', '/api/staff/missions')).json<{ data: { id: string; countryCode: string }[] }>().data;
    expect(listed.every((m) => m.countryCode === 'LT')).toBe(true);
    expect(listed.map((m) => m.id)).toContain(id);
    expect((await call(financeLt, 'GET', '/api/staff/missions?country=PL')).statusCode).toBe(403);
    expect((await call(financeLt, 'POST', `/api/staff/missions/${plId}/assign`, { allActive: true })).statusCode).toBe(403);
  });

  it('an attendance request on a PL task is refused to an LT reviewer; on an LT task it is audited', async () => {
    const reserved = async (country: 'LT' | 'PL') => {
      const t = await makeTasker(server.db, { country });
      const id = await addTask(server.db, { taskerId: t.id, country, status: 'awaiting_confirmation', reward: '10.00', at: '2026-03-12T12:00:00Z' });
      await server.db.updateTable('tasks').set({ status: 'reserved', start_time: null, end_time: null, reserved_at: new Date(SEED_TIME) }).where('id', '=', id).execute();
      return id;
    };
    const pl = await reserved('PL');
    const refused = await call(reviewerLt, 'POST', `/api/staff/tasks/${pl}/attendance-request`, { expiresInMinutes: 60 });
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await call(reviewerLt, 'GET', `/api/staff/tasks/${pl}/attendance-requests`)).statusCode).toBe(403);
    expect(await server.db.selectFrom('attendance_requests').select('id').where('task_id', '=', pl).execute()).toEqual([]);
    const lt = await reserved('LT');
    const asked = await call(reviewerLt, 'POST', `/api/staff/tasks/${lt}/attendance-request`, { expiresInMinutes: 60 });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json<{ createdBy: string }>().createdBy).toBe(reviewerLt.email);
    const rows = await auditOf(lt);
    expect(rows.map((r) => [r.action, r.actor, r.country_code])).toEqual([['attendance.request', reviewerLt.email, 'LT']]);
  });
});

describe('the staff CLI’s money commands are audited as the actor cli', () => {
  it('payouts run and adjust leave audit rows naming cli, with the --by name', async () => {
    const t = await makeTasker(server.db, { country: 'CZ' });
    await addTask(server.db, { taskerId: t.id, country: 'CZ', reward: '300.00', at: '2026-08-05T10:00:00Z' });
    const out: string[] = [];
    const deps = { db: server.db, now: new Date('2026-08-12T09:00:00Z'), out: (s: string) => out.push(s), err: (s: string) => out.push(s) };
    expect(await runMoneyCommand(['payouts', 'run', '--country', 'CZ', '--week', '2026-08-03', '--by', 'Petr'], deps), out.join('\n')).toBe(0);
    expect(await runMoneyCommand(['adjust', '--user', t.email, '--kind', 'reduction', '--amount', '12.50', '--reason', 'Late', '--by', 'Petr'], deps), out.join('\n')).toBe(0);
    const run = await auditOf('CZ/2026-08-03');
    expect(run.map((r) => [r.action, r.actor, r.staff_id, r.country_code])).toEqual([['payouts.run', 'cli', null, 'CZ']]);
    expect(parsed(run[0]?.after)).toMatchObject({ countryCode: 'CZ', weekStart: '2026-08-03', alreadyRun: false, by: 'Petr' });
    const adjust = await auditOf(t.id);
    expect(adjust.map((r) => [r.action, r.actor])).toEqual([['payouts.adjustment', 'cli']]);
    expect(parsed(adjust[0]?.after)).toMatchObject({ amount: { amount: '12.50' }, createdBy: 'Petr' });
  });
});
