/**
 * Missions: staff create and assign them (API and CLI), GET mission/my shows progress in the
 * spec's shape and order, objectives count accepted tasks of a task type (from the assignment
 * on) or trainings done, work awaiting confirmation makes a candidate, and a completed mission's
 * bonus goes into the payout of its week, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortMissions, type Mission } from '#domain/missions';
import { runStaffCommand } from '../../server/staff/commands';
import { createFsPhotoStorage } from '../../server/storage/photo-storage';
import { startTestServer, type TestServer } from './helpers';
import { addTask, finances, makeTasker, payouts, runWeek, staff } from './money-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const missionBody = (extra: Record<string, unknown> = {}) => ({
  countryCode: 'LT',
  name: 'Shelf photo week',
  description: 'Two shelf photos and the promo training',
  moneyReward: '15.00',
  duration: 7 * 86_400,
  objectives: [
    { contentType: 'task_type', allowedItems: ['shelf-photo'], target: 2 },
    { contentType: 'training', allowedItems: ['promo-displays'], target: 1 },
  ],
  ...extra,
});

async function myMissions(userId: string): Promise<Mission[]> {
  const res = await server.request({ method: 'GET', url: '/api/mission/my', token: await server.tokenFor(userId) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Mission[] }>().data;
}

async function createMission(body: Record<string, unknown>): Promise<string> {
  const res = await staff(server, { method: 'POST', url: '/api/staff/missions', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function assign(missionId: string, userIds: string[]) {
  return staff(server, { method: 'POST', url: `/api/staff/missions/${missionId}/assign`, payload: { userIds } });
}

describe('staff create and assign missions', () => {
  it('validates the mission', async () => {
    const empty = await staff(server, { method: 'POST', url: '/api/staff/missions', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({ name: 'REQUIRED', countryCode: 'REQUIRED', objectives: 'REQUIRED' });
    const bad = await staff(server, {
      method: 'POST',
      url: '/api/staff/missions',
      payload: missionBody({ moneyReward: '1.005', objectives: [{ contentType: 'quiz', target: 0 }] }),
    });
    expect(bad.json().error.fields).toEqual({ moneyReward: 'INVALID', 'objectives.0.contentType': 'INVALID', 'objectives.0.target': 'INVALID' });
    const unknown = await staff(server, { method: 'POST', url: '/api/staff/missions', payload: missionBody({ objectives: [{ contentType: 'task_type', allowedItems: ['nope'], target: 1 }] }) });
    expect(unknown.json().error.fields).toEqual({ 'objectives.0.allowedItems': 'NOT_FOUND' });
    expect((await server.request({ method: 'POST', url: '/api/staff/missions', payload: missionBody() })).statusCode).toBe(401);
  });

  it('assigns only taskers of the mission market, once each', async () => {
    server.clock.set('2026-07-01T08:00:00Z');
    const id = await createMission(missionBody());
    const lt = await makeTasker(server.db, { country: 'LT' });
    const pl = await makeTasker(server.db, { country: 'PL' });
    const other = await assign(id, [pl.id]);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({ userIds: 'OTHER_MARKET' });
    const first = await assign(id, [lt.id]);
    expect(first.json()).toMatchObject({ assigned: [lt.id], mission: { id, assignedCount: 1, moneyReward: { amount: '15.00', currencyCode: 'EUR' } } });
    expect((await assign(id, [lt.id])).json()).toMatchObject({ assigned: [], mission: { assignedCount: 1 } });
    expect((await staff(server, { method: 'POST', url: '/api/staff/missions/nope/assign', payload: { userIds: [lt.id] } })).statusCode).toBe(404);
    // Every approved tasker of the market (the seeded LT demo tasker among them), once each.
    const everyone = await staff(server, { method: 'POST', url: `/api/staff/missions/${id}/assign`, payload: { allActive: true } });
    const assigned = everyone.json<{ assigned: string[] }>().assigned;
    expect(assigned).not.toContain(lt.id);
    expect(assigned.length).toBeGreaterThan(0);
    const users = await server.db.selectFrom('users').select(['country_code', 'status']).where('id', 'in', assigned).execute();
    expect(users.every((u) => u.country_code === 'LT' && u.status === 'active')).toBe(true);
    expect((await staff(server, { method: 'POST', url: `/api/staff/missions/${id}/assign`, payload: { allActive: true } })).json().assigned).toEqual([]);
  });

  it('an assigned tasker gets one mission_assigned notification (and its push), none on a repeated assignment', async () => {
    server.clock.set('2026-07-01T08:00:00Z');
    const id = await createMission(missionBody());
    const lt = await makeTasker(server.db, { country: 'LT' });
    await assign(id, [lt.id]);
    await assign(id, [lt.id]);
    const res = await server.request({ method: 'GET', url: '/api/notifications', token: await server.tokenFor(lt.id) });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: Array<{ type: string; resourceId: string | null; title: string; body: string; params: Record<string, unknown> }> }>().data;
    expect(list.filter((n) => n.type === 'mission_assigned')).toEqual([
      expect.objectContaining({ resourceId: id, title: 'New mission', params: expect.objectContaining({ missionName: missionBody().name }) }),
    ]);
  });

  it("a mission whose name is not shown is announced by the title the app shows, in the tasker's language, never by its internal name", async () => {
    server.clock.set('2026-07-01T08:00:00Z');
    const internal = 'LT cohort B retention push';
    const id = await createMission(missionBody({ name: internal, useNameAsDisplayName: false }));
    const lt = await makeTasker(server.db, { country: 'LT' });
    await assign(id, [lt.id]);
    const token = await server.tokenFor(lt.id);
    const worded = async (lang: string) => {
      const res = await server.request({ method: 'GET', url: '/api/notifications', token, headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: Array<{ type: string; body: string; params: Record<string, unknown> }> }>().data.filter((n) => n.type === 'mission_assigned');
    };
    const [en] = await worded('en');
    expect(en?.body).toBe('You have a new mission: “Bonus mission”.');
    expect(JSON.stringify(en), 'neither the words nor the params carry the internal name').not.toContain(internal);
    const [inLt] = await worded('lt');
    // The app's own title for such a mission (src/missions/MissionFacts.tsx), from the Lithuanian catalog.
    expect(inLt?.body).toContain('Misija su premija');
    expect(inLt?.body).not.toContain(internal);
  });
});

describe('GET mission/my', () => {
  it('counts accepted tasks of the type from the assignment on and the training; the bonus is paid once in its week', async () => {
    server.clock.set('2026-07-06T08:00:00Z'); // Monday
    const me = await makeTasker(server.db, { country: 'LT' });
    // Accepted before the assignment: does not count.
    await addTask(server.db, { taskerId: me.id, country: 'LT', reward: '5.00', at: '2026-07-05T10:00:00Z', taskTypeId: 'shelf-photo' });
    const id = await createMission(missionBody());
    await assign(id, [me.id]);
    let [mission] = await myMissions(me.id);
    expect(mission).toMatchObject({
      id,
      name: 'Shelf photo week',
      useNameAsDisplayName: true,
      isActive: true,
      isCompleted: false,
      isExpired: false,
      completedPercentage: 0,
      candidatePercentage: 0,
      duration: 604_800,
      remainingTime: 604_800,
      moneyReward: { amount: '15.00', currencyCode: 'EUR', currencySymbol: '€' },
      expiresAt: '2026-07-13T08:00:00.000Z',
    });
    expect(mission?.objectives.map((o) => [o.contentType, o.target, o.count, o.isCompleted, o.isCandidate])).toEqual([
      ['task_type', 2, 0, false, false],
      ['training', 1, 0, false, false],
    ]);

    // Two shelf photos finished (awaiting confirmation) and a stock check: a candidate, nothing completed.
    server.clock.set('2026-07-07T12:00:00Z');
    const a = await addTask(server.db, { taskerId: me.id, country: 'LT', status: 'awaiting_confirmation', reward: '6.00', at: '2026-07-07T11:00:00Z', taskTypeId: 'shelf-photo' });
    const b = await addTask(server.db, { taskerId: me.id, country: 'LT', status: 'awaiting_confirmation', reward: '6.00', at: '2026-07-07T11:30:00Z', taskTypeId: 'shelf-photo' });
    await addTask(server.db, { taskerId: me.id, country: 'LT', status: 'awaiting_confirmation', reward: '6.00', at: '2026-07-07T11:40:00Z', taskTypeId: 'stock-check' });
    [mission] = await myMissions(me.id);
    expect([mission?.completedPercentage, mission?.candidatePercentage, mission?.objectives[0]?.isCandidate]).toEqual([0, 66, true]);

    // Staff accept them; then the training is done: completed at the training's time.
    for (const task of [a, b]) expect((await staff(server, { method: 'POST', url: `/api/staff/tasks/${task}/accept`, payload: {} })).statusCode).toBe(200);
    [mission] = await myMissions(me.id);
    expect([mission?.completedPercentage, mission?.isCompleted, mission?.objectives[0]?.isCompleted]).toEqual([66, false, true]);
    await server.db.insertInto('user_trainings').values({ user_id: me.id, training_id: 'promo-displays', done_at: new Date('2026-07-08T09:00:00Z') }).execute();
    server.clock.set('2026-07-09T09:00:00Z');
    [mission] = await myMissions(me.id);
    expect(mission).toMatchObject({ isCompleted: true, isActive: false, completedPercentage: 100, remainingTime: 0, completedAt: '2026-07-08T09:00:00.000Z' });
    expect(mission?.pendingObjectives).toEqual([]);

    // The bonus is in the next payment once, however often it is read, then in the week's payout.
    await myMissions(me.id);
    const lines = (await finances(server, me.id)).nextPayment.lines;
    expect(lines.filter((l) => l.kind === 'mission_bonus').map((l) => [l.amount.amount, l.missionId, l.title, l.occurredAt])).toEqual([['15.00', id, 'Shelf photo week', '2026-07-08T09:00:00.000Z']]);
    expect((await finances(server, me.id)).nextPayment.missionBonuses.amount).toBe('15.00');
    server.clock.set('2026-07-14T00:00:00Z');
    await runWeek(server, 'LT', '2026-07-06');
    const [payout] = await payouts(server, me.id);
    // The task accepted before the assignment is paid too (it only did not count for the mission).
    expect(payout?.lines.map((l) => [l.kind, l.amount.amount])).toEqual([
      ['task', '5.00'],
      ['task', '6.00'],
      ['task', '6.00'],
      ['mission_bonus', '15.00'],
    ]);
    expect([payout?.bonuses.amount, payout?.total.amount]).toEqual(['15.00', '32.00']);
    expect((await finances(server, me.id)).nextPayment.lines).toEqual([]);
  });

  it('a mission not done in time expires and pays nothing; the list is sorted active, completed, expired', async () => {
    server.clock.set('2026-08-03T08:00:00Z');
    const me = await makeTasker(server.db, { country: 'LT' });
    const short = await createMission(missionBody({ name: 'One hour', duration: 3600, objectives: [{ contentType: 'task_type', allowedItems: [], target: 1 }] }));
    const open = await createMission(missionBody({ name: 'No limit', duration: null, objectives: [{ contentType: 'task_type', allowedItems: ['sku-scan'], target: 3 }] }));
    const week = await createMission(missionBody({ name: 'This week', duration: 5 * 86_400, objectives: [{ contentType: 'task_type', allowedItems: ['sku-scan'], target: 3 }] }));
    const done = await createMission(missionBody({ name: 'Training', moneyReward: null, objectives: [{ contentType: 'training', allowedItems: ['basics'], target: 1 }] }));
    for (const id of [short, open, week, done]) await assign(id, [me.id]);
    await server.db.insertInto('user_trainings').values({ user_id: me.id, training_id: 'basics', done_at: new Date('2026-01-01T00:00:00Z') }).execute();
    server.clock.set('2026-08-03T10:00:00Z');
    // Accepted after the hour: too late for 'One hour'.
    await addTask(server.db, { taskerId: me.id, country: 'LT', reward: '5.00', at: '2026-08-03T09:30:00Z', taskTypeId: 'sku-scan' });
    const list = await myMissions(me.id);
    expect(list.map((m) => [m.name, m.isActive, m.isCompleted, m.isExpired])).toEqual([
      ['This week', true, false, false],
      ['No limit', true, false, false],
      ['Training', false, true, false],
      ['One hour', false, false, true],
    ]);
    const expired = list[3];
    expect([expired?.remainingTime, expired?.completedPercentage]).toEqual([0, 0]);
    expect(list[0]?.remainingTime).toBe(5 * 86_400 - 7200);
    expect(list[1]?.remainingTime).toBeNull();
    // A training done before the assignment counts from the assignment; a mission without money pays nothing.
    expect(list[2]?.completedAt).toBe('2026-08-03T08:00:00.000Z');
    expect((await finances(server, me.id)).nextPayment.missionBonuses.amount).toBe('0.00');
  });

  it('sorts by the spec: state, then those with an expiry, then progress', () => {
    const base = { name: '', useNameAsDisplayName: true, description: '', objectives: [], moneyReward: null, duration: null, remainingTime: null, completedObjectives: [], pendingObjectives: [], completedAt: null, createdAt: '2026-01-01T00:00:00Z' };
    const m = (id: string, state: 'active' | 'completed' | 'expired' | 'other', expiresAt: string | null, pct: number): Mission => ({
      ...base,
      id,
      isActive: state === 'active',
      isCompleted: state === 'completed',
      isExpired: state === 'expired',
      expiresAt,
      completedPercentage: pct,
      candidatePercentage: pct,
    });
    const sorted = sortMissions([
      m('other', 'other', null, 0),
      m('expired', 'expired', '2026-01-02T00:00:00Z', 50),
      m('done', 'completed', null, 100),
      m('active-open-low', 'active', null, 10),
      m('active-open-high', 'active', null, 80),
      m('active-soon', 'active', '2026-01-03T00:00:00Z', 0),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(['active-soon', 'active-open-high', 'active-open-low', 'done', 'expired', 'other']);
  });
});

describe('the staff CLI', () => {
  it('creates, assigns and lists missions', async () => {
    const me = await makeTasker(server.db, { country: 'PL' });
    const out: string[] = [];
    const err: string[] = [];
    const deps = { db: server.db, storage: createFsPhotoStorage(server.config.photoDir), photoDir: server.config.photoDir, now: server.clock.now(), out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
    const body = JSON.stringify({ countryCode: 'PL', name: 'Kraków scans', moneyReward: '50', objectives: [{ contentType: 'task_type', allowedItems: ['sku-scan'], target: 5 }] });
    expect(await runStaffCommand(['mission', 'create', '--json', body, '--by', 'Ola'], deps)).toBe(0);
    const created = JSON.parse(out.pop() as string) as { id: string; moneyReward: { amount: string; currencyCode: string } };
    expect(created.moneyReward).toEqual({ amount: '50.00', currencyCode: 'PLN', currencySymbol: 'zł' });
    expect(await runStaffCommand(['mission', 'assign', created.id, '--user', me.email], deps)).toBe(0);
    expect(JSON.parse(out.pop() as string)).toMatchObject({ assigned: [me.id] });
    expect(await runStaffCommand(['mission', 'list', '--country', 'PL'], deps)).toBe(0);
    expect((JSON.parse(out.pop() as string) as { id: string }[]).map((x) => x.id)).toContain(created.id);
    expect(await runStaffCommand(['mission', 'fly'], deps)).toBe(2);
  });
});
