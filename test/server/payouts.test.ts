/**
 * Payouts (docs/decisions/0005-payouts.md): the next payment and its lines, money exact to the
 * cent, market weeks in each market's time zone (a DST week included), reductions, overpayment
 * repayment capped at maxDeductionRate and carried over, a run that pays nothing twice, and two
 * concurrent runs from two app instances on one database paying once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { FixedClock } from '../../server/clock';
import { testConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';
import { seedDemo } from '../../server/seed/demo';
import { moneyDb } from '../../server/db/money-tables';
import { runDuePayouts, runWeeklyPayouts } from '../../server/money/payouts';
import { computePayout, lineSign, weekOf, weekStarting, type PayoutInfo } from '#domain/payouts';
import { formatAmount, parseAmount, parseRate, shareOf } from '#domain/money';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer, type ServerProcess } from '../../scripts/lib/server-process';
import { createEmptyPostgresDatabase, SEED_TIME, startTestServer, type TestServer } from './helpers';
import { addAdjustment, addTask, finances, makeTasker, payouts, runWeek, staff } from './money-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the formula and the market week (src/domain)', () => {
  it('money is exact: 0.10 + 0.20 is 0.30, and a share rounds down to the cent', () => {
    expect(formatAmount(parseAmount('0.10') + parseAmount('0.20'))).toBe('0.30');
    expect(formatAmount(Array.from({ length: 10 }, () => parseAmount('0.1')).reduce((a, b) => a + b, 0n))).toBe('1.00');
    expect(formatAmount(shareOf(parseAmount('33.33'), parseRate('0.3')))).toBe('9.99');
    expect(formatAmount(parseAmount('-0.07'))).toBe('-0.07');
    expect(() => parseAmount('1.005')).toThrow();
  });

  it('repays at most the rate of the earnings, carries the rest, and never pays below zero', () => {
    const rate = parseRate('0.30');
    expect(computePayout({ taskReward: 10000n, reductions: 0n, bonuses: 0n, balanceBefore: 5000n, maxDeductionRate: rate })).toEqual({
      earnings: 10000n,
      repayment: 3000n,
      total: 7000n,
      newOverpayment: 0n,
      balanceAfter: 2000n,
    });
    expect(computePayout({ taskReward: 1000n, reductions: 3000n, bonuses: 0n, balanceBefore: 500n, maxDeductionRate: rate })).toEqual({
      earnings: -2000n,
      repayment: 0n,
      total: 0n,
      newOverpayment: 2000n,
      balanceAfter: 2500n,
    });
  });

  it('a market week runs Monday 00:00 to Monday 00:00 local time; the DST week is 167 hours', () => {
    const lt = weekStarting('2026-03-23', 'Europe/Vilnius');
    expect(lt.start.toISOString()).toBe('2026-03-22T22:00:00.000Z');
    expect(lt.end.toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect((lt.end.getTime() - lt.start.getTime()) / 3600_000).toBe(167);
    const pl = weekStarting('2026-10-19', 'Europe/Warsaw');
    expect((pl.end.getTime() - pl.start.getTime()) / 3600_000).toBe(169);
    expect(weekOf(new Date('2026-03-29T21:30:00Z'), 'Europe/Vilnius').label).toBe('2026-03-30');
    expect(weekOf(new Date('2026-03-29T21:30:00Z'), 'Europe/Warsaw').label).toBe('2026-03-23');
  });
});

describe('GET payment/my-finances', () => {
  it('the seeded demo tasker has a next payout with every row, and missions', async () => {
    server.clock.set(SEED_TIME);
    const { token } = await server.login('lt@demo.shelfwork.app');
    const res = await server.request({ method: 'GET', url: '/api/payment/my-finances', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const next = res.json<PayoutInfo>().nextPayment;
    for (const money of [next.taskReward, next.unpaidTasksDeductions, next.paidTasksDeductions, next.total]) expect(parseAmount(money.amount) > 0n).toBe(true);
    expect(next.missionBonuses.amount).toBe('5.00');
    expect(next.overpaymentBalance.amount).toBe('12.00');
    expect(next.tasksCount).toBeGreaterThan(0);
    const sum = next.lines.reduce((total, l) => total + BigInt(lineSign(l.kind)) * parseAmount(l.amount.amount), 0n);
    expect(formatAmount(sum)).toBe(next.total.amount);
    const missions = await server.request({ method: 'GET', url: '/api/mission/my', token });
    expect(missions.json<{ data: { isActive: boolean; isCompleted: boolean }[] }>().data.map((m) => [m.isActive, m.isCompleted])).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ]);
  });

  it('is the unpaid work: task rewards, a rejected task paid its reduced reward, exact sums, the lines', async () => {
    server.clock.set('2026-03-12T10:00:00Z');
    const me = await makeTasker(server.db, { country: 'LT' });
    await addTask(server.db, { taskerId: me.id, country: 'LT', reward: '0.10', at: '2026-03-11T08:00:00Z', title: 'Ten cents' });
    await addTask(server.db, { taskerId: me.id, country: 'LT', reward: '0.20', at: '2026-03-11T09:00:00Z', title: 'Twenty cents' });
    await addTask(server.db, {
      taskerId: me.id,
      country: 'LT',
      status: 'rejected',
      reward: '12.00',
      baseReward: '10.00',
      bonusReward: '2.00',
      reducedReward: '4.50',
      at: '2026-03-11T10:00:00Z',
      title: 'Half done',
    });
    // Not paid: awaiting confirmation, and a rejected task without a reduced reward.
    await addTask(server.db, { taskerId: me.id, country: 'LT', status: 'awaiting_confirmation', reward: '50.00', at: '2026-03-11T11:00:00Z' });
    await addTask(server.db, { taskerId: me.id, country: 'LT', status: 'rejected', reward: '50.00', at: '2026-03-11T12:00:00Z' });
    const info = await finances(server, me.id);
    const eur = (amount: string) => ({ amount, currencyCode: 'EUR', currencySymbol: '€' });
    expect(info.totalPaid).toEqual(eur('0.00'));
    expect(info.totalPaidTasksDeductions).toEqual(eur('0.00'));
    const next = info.nextPayment;
    expect(next.taskReward).toEqual(eur('12.30'));
    expect(next.unpaidTasksDeductions).toEqual(eur('7.50'));
    expect(next.paidTasksDeductions).toEqual(eur('0.00'));
    expect(next.total).toEqual(eur('4.80'));
    expect(next.tasksCount).toBe(3);
    expect(next.maxDeductionRate).toBe('0.30');
    expect(next.weekStart).toBe('2026-03-09');
    expect(next.periodStart).toBe('2026-03-08T22:00:00.000Z');
    expect(next.lines.map((l) => [l.kind, l.amount.amount, l.title])).toEqual([
      ['task', '0.10', 'Ten cents'],
      ['task', '0.20', 'Twenty cents'],
      ['task', '12.00', 'Half done'],
      ['task_reduction', '7.50', 'Half done'],
    ]);
  });

  it('needs a tasker token, and a tasker with a market', async () => {
    expect((await server.request({ method: 'GET', url: '/api/payment/my-finances' })).statusCode).toBe(401);
    expect((await server.request({ method: 'GET', url: '/api/payment/payouts' })).statusCode).toBe(401);
    const id = (await makeTasker(server.db, { country: 'LT' })).id;
    await server.db.updateTable('users').set({ country_code: null }).where('id', '=', id).execute();
    const res = await server.request({ method: 'GET', url: '/api/payment/my-finances', token: await server.tokenFor(id) });
    expect(res.statusCode).toBe(404);
  });
});

describe('staff adjustments', () => {
  it('records a reduction or an overpayment in the tasker\'s currency, once per Idempotency-Key', async () => {
    server.clock.set('2026-05-20T10:00:00Z');
    const me = await makeTasker(server.db, { country: 'RO' });
    await addTask(server.db, { taskerId: me.id, country: 'RO', reward: '100.00', at: '2026-05-19T10:00:00Z' });
    const post = (payload: Record<string, unknown>, key?: string) =>
      staff(server, { method: 'POST', url: '/api/staff/payouts/adjustments', payload, headers: { 'shelfwork-staff-name': 'Ana', ...(key ? { 'idempotency-key': key } : {}) } });
    const bad = await post({ user: me.email, kind: 'fine', amount: '-5', reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ kind: 'INVALID', amount: 'INVALID', reason: 'REQUIRED' });
    expect((await post({ user: 'nobody@x.test', kind: 'reduction', amount: '1.00', reason: 'x' })).statusCode).toBe(404);
    const first = await post({ user: me.email, kind: 'reduction', amount: '10.10', reason: 'Shelf 3 missing' }, 'adj-1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ userId: me.id, kind: 'reduction', amount: { amount: '10.10', currencyCode: 'RON', currencySymbol: 'lei' }, createdBy: 'Ana' });
    const replay = await post({ user: me.email, kind: 'reduction', amount: '10.10', reason: 'Shelf 3 missing' }, 'adj-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await post({ user: me.id, kind: 'overpayment', amount: '20.00', reason: 'Paid twice' })).statusCode).toBe(201);
    const next = (await finances(server, me.id)).nextPayment;
    // 100.00 − 10.10 = 89.90 earned; 30 % of it is 26.97, so all 20.00 owed is repaid.
    expect([next.unpaidTasksDeductions.amount, next.paidTasksDeductions.amount, next.total.amount, next.carriedOver.amount]).toEqual(['10.10', '20.00', '69.90', '0.00']);
    expect(next.lines.map((l) => [l.kind, l.amount.amount, l.reason])).toEqual([
      ['task', '100.00', null],
      ['reduction', '10.10', 'Shelf 3 missing'],
      ['repayment', '20.00', null],
    ]);
  });
});

describe('the weekly run', () => {
  it('pays each market its own week: the same instant is Monday in Vilnius and Sunday in Warsaw (DST week)', async () => {
    server.clock.set('2026-04-07T00:00:00Z');
    const zones = { LT: 'Europe/Vilnius', PL: 'Europe/Warsaw', CZ: 'Europe/Prague', RO: 'Europe/Bucharest' } as const;
    const cases: { country: keyof typeof zones; id: string; before: string; after: string; boundary: string }[] = [];
    for (const country of Object.keys(zones) as (keyof typeof zones)[]) {
      const me = await makeTasker(server.db, { country });
      const week = weekStarting('2026-03-23', zones[country]);
      // A minute before the week's end (Sunday 23:59 local) and at its end (Monday 00:00 local).
      const before = await addTask(server.db, { taskerId: me.id, country, reward: '10.00', at: new Date(week.end.getTime() - 60_000).toISOString() });
      const after = await addTask(server.db, { taskerId: me.id, country, reward: '20.00', at: week.end.toISOString() });
      const boundary = await addTask(server.db, { taskerId: me.id, country, reward: '5.00', at: '2026-03-29T21:30:00Z' });
      cases.push({ country, id: me.id, before, after, boundary });
    }
    for (const country of Object.keys(zones)) expect((await runWeek(server, country, '2026-03-23')).alreadyRun).toBe(false);
    for (const c of cases) {
      const [first] = await payouts(server, c.id);
      expect(first?.weekStart, c.country).toBe('2026-03-23');
      const eastern = c.country === 'LT' || c.country === 'RO';
      // 21:30 UTC on 29 March is 00:30 Monday in Vilnius and Bucharest (UTC+3), 23:30 Sunday in Warsaw and Prague (UTC+2).
      expect(first?.lines.map((l) => l.taskId).sort(), c.country).toEqual((eastern ? [c.before] : [c.before, c.boundary]).sort());
      expect(first?.total.amount, c.country).toBe(eastern ? '10.00' : '15.00');
      expect(first?.periodEnd, c.country).toBe(weekStarting('2026-03-23', zones[c.country]).end.toISOString());
    }
    for (const country of Object.keys(zones)) await runWeek(server, country, '2026-03-30');
    for (const c of cases) {
      const list = await payouts(server, c.id);
      expect(list.map((p) => p.weekStart), c.country).toEqual(['2026-03-30', '2026-03-23']);
      const eastern = c.country === 'LT' || c.country === 'RO';
      expect(list[0]?.lines.map((l) => l.taskId).sort(), c.country).toEqual((eastern ? [c.after, c.boundary] : [c.after]).sort());
      expect(list[0]?.status).toBe('pending');
    }
  });

  it('refuses a week that is not over, or not a Monday', async () => {
    server.clock.set('2026-04-07T00:00:00Z');
    const open = await staff(server, { method: 'POST', url: '/api/staff/payouts/run', payload: { country: 'LT', week: '2026-04-06' } });
    expect(open.statusCode).toBe(400);
    expect(open.json().error.fields).toEqual({ week: 'NOT_OVER' });
    const tuesday = await staff(server, { method: 'POST', url: '/api/staff/payouts/run', payload: { country: 'LT', week: '2026-03-31' } });
    expect(tuesday.json().error.fields).toEqual({ week: 'NOT_A_MONDAY' });
    expect((await server.request({ method: 'POST', url: '/api/staff/payouts/run', payload: {} })).statusCode).toBe(401);
  });

  it('repays an overpayment at most 30 % of a week, carries the rest, and a week of more deductions than earnings adds to it', async () => {
    const me = await makeTasker(server.db, { country: 'LT' });
    await addAdjustment(server.db, me.id, 'overpayment', '50.00', '2026-04-08T10:00:00Z');
    await addTask(server.db, { taskerId: me.id, country: 'LT', reward: '100.00', at: '2026-04-09T10:00:00Z' });
    server.clock.set('2026-04-10T10:00:00Z');
    let next = (await finances(server, me.id)).nextPayment;
    expect([next.overpaymentBalance.amount, next.paidTasksDeductions.amount, next.total.amount, next.carriedOver.amount]).toEqual(['50.00', '30.00', '70.00', '20.00']);
    server.clock.set('2026-04-14T00:00:00Z');
    await runWeek(server, 'LT', '2026-04-06');
    // Week 2: 40.00 earned → 12.00 repaid, 8.00 carried.
    await addTask(server.db, { taskerId: me.id, country: 'LT', reward: '40.00', at: '2026-04-15T10:00:00Z' });
    server.clock.set('2026-04-16T10:00:00Z');
    next = (await finances(server, me.id)).nextPayment;
    expect([next.overpaymentBalance.amount, next.paidTasksDeductions.amount, next.total.amount, next.carriedOver.amount]).toEqual(['20.00', '12.00', '28.00', '8.00']);
    server.clock.set('2026-04-21T00:00:00Z');
    await runWeek(server, 'LT', '2026-04-13');
    // Week 3: 10.00 earned, a 30.00 reduction → 0 paid, 20.00 more owed.
    await addTask(server.db, { taskerId: me.id, country: 'LT', reward: '10.00', at: '2026-04-22T10:00:00Z' });
    await addAdjustment(server.db, me.id, 'reduction', '30.00', '2026-04-22T11:00:00Z');
    server.clock.set('2026-04-28T00:00:00Z');
    await runWeek(server, 'LT', '2026-04-20');
    // Week 4: 100.00 earned → 28.00 repaid (all that is owed, under the 30.00 cap).
    await addTask(server.db, { taskerId: me.id, country: 'LT', reward: '100.00', at: '2026-04-29T10:00:00Z' });
    server.clock.set('2026-05-05T00:00:00Z');
    await runWeek(server, 'LT', '2026-04-27');
    const list = await payouts(server, me.id);
    expect(list.map((p) => [p.weekStart, p.taskReward.amount, p.unpaidTasksDeductions.amount, p.paidTasksDeductions.amount, p.total.amount, p.carriedOver.amount])).toEqual([
      ['2026-04-27', '100.00', '0.00', '28.00', '72.00', '0.00'],
      ['2026-04-20', '10.00', '30.00', '0.00', '0.00', '28.00'],
      ['2026-04-13', '40.00', '0.00', '12.00', '28.00', '8.00'],
      ['2026-04-06', '100.00', '0.00', '30.00', '70.00', '20.00'],
    ]);
    expect(list[3]?.lines.map((l) => [l.kind, l.amount.amount])).toEqual([
      ['task', '100.00'],
      ['repayment', '30.00'],
    ]);
    expect(list[1]?.lines.map((l) => [l.kind, l.amount.amount, l.reason])).toEqual([
      ['task', '10.00', null],
      ['reduction', '30.00', 'test reduction'],
    ]);
    next = (await finances(server, me.id)).nextPayment;
    expect([next.overpaymentBalance.amount, next.total.amount, next.lines]).toEqual(['0.00', '0.00', []]);
  });

  it('pays nothing twice: a second run, a run whose record was lost, and the next week leave the paid work alone', async () => {
    const me = await makeTasker(server.db, { country: 'PL' });
    const task = await addTask(server.db, { taskerId: me.id, country: 'PL', reward: '123.45', at: '2026-04-08T10:00:00Z' });
    server.clock.set('2026-04-14T00:00:00Z');
    const first = await runWeek(server, 'PL', '2026-04-06');
    expect(first.alreadyRun).toBe(false);
    expect(first.created).toBeGreaterThan(0);
    expect(await runWeek(server, 'PL', '2026-04-06')).toEqual({ countryCode: 'PL', weekStart: '2026-04-06', alreadyRun: true, created: 0, total: '0.00' });
    // With an Idempotency-Key a repeated request is answered from the stored answer.
    const keyed = () => staff(server, { method: 'POST', url: '/api/staff/payouts/run', payload: { country: 'PL', week: '2026-04-06' }, headers: { 'idempotency-key': 'run-pl-0406' } });
    expect((await keyed()).json()).toEqual({ data: [{ countryCode: 'PL', weekStart: '2026-04-06', alreadyRun: true, created: 0, total: '0.00' }] });
    expect((await keyed()).headers['idempotent-replayed']).toBe('true');
    await moneyDb(server.db).deleteFrom('payout_runs').where('country_code', '=', 'PL').where('week_start', '=', '2026-04-06').execute();
    const again = await runWeek(server, 'PL', '2026-04-06');
    expect([again.alreadyRun, again.created]).toEqual([false, 0]);
    server.clock.set('2026-04-21T00:00:00Z');
    await runWeek(server, 'PL', '2026-04-13');
    const list = await payouts(server, me.id);
    expect(list).toHaveLength(1);
    expect(list[0]?.total).toEqual({ amount: '123.45', currencyCode: 'PLN', currencySymbol: 'zł' });
    const row = await server.db.selectFrom('tasks').select('payment_id').where('id', '=', task).executeTakeFirstOrThrow();
    expect(row.payment_id).toBe(list[0]?.id);
    const lines = await moneyDb(server.db).selectFrom('payout_lines').select('id').where('source_id', '=', task).execute();
    expect(lines).toHaveLength(1);
    expect((await finances(server, me.id)).nextPayment.tasksCount).toBe(0);
  });

  it('staff list the week, mark paid (idempotent), and the tasker sees it paid in totalPaid', async () => {
    const me = await makeTasker(server.db, { country: 'CZ' });
    await addTask(server.db, { taskerId: me.id, country: 'CZ', reward: '450.50', at: '2026-04-08T10:00:00Z' });
    server.clock.set('2026-04-14T00:00:00Z');
    await runWeek(server, 'CZ', '2026-04-06');
    const week = await staff(server, { method: 'GET', url: '/api/staff/payouts?country=CZ&week=2026-04-06' });
    expect(week.statusCode).toBe(200);
    const mine = week.json<{ data: { id: string; user: { id: string } }[] }>().data.find((p) => p.user.id === me.id);
    expect(mine).toBeDefined();
    const mark = () => staff(server, { method: 'POST', url: '/api/staff/payouts/mark-paid', payload: { ids: [mine?.id] }, headers: { 'shelfwork-staff-name': 'Eva' } });
    expect((await mark()).json()).toEqual({ paid: [mine?.id] });
    expect((await mark()).json()).toEqual({ paid: [] });
    const [paid] = await payouts(server, me.id);
    expect(paid?.status).toBe('paid');
    expect(paid?.paidAt).toBe('2026-04-14T00:00:00.000Z');
    const info = await finances(server, me.id);
    expect(info.totalPaid).toEqual({ amount: '450.50', currencyCode: 'CZK', currencySymbol: 'Kč' });
    const row = await moneyDb(server.db).selectFrom('payouts').select('paid_by').where('id', '=', mine?.id as string).executeTakeFirstOrThrow();
    expect(row.paid_by).toBe('Eva');
    expect((await staff(server, { method: 'POST', url: '/api/staff/payouts/mark-paid', payload: { ids: ['nope'] } })).statusCode).toBe(404);
  });

  it('the job runs the last closed week of every market once', async () => {
    server.clock.set('2026-05-12T09:00:00Z');
    const me = await makeTasker(server.db, { country: 'RO' });
    await addTask(server.db, { taskerId: me.id, country: 'RO', reward: '77.70', at: '2026-05-06T10:00:00Z' });
    const runs = await runDuePayouts(server.db, server.clock.now(), 3000);
    expect(runs.map((r) => [r.countryCode, r.weekStart, r.alreadyRun])).toEqual([
      ['CZ', '2026-05-04', false],
      ['LT', '2026-05-04', false],
      ['PL', '2026-05-04', false],
      ['RO', '2026-05-04', false],
    ]);
    expect(await runDuePayouts(server.db, server.clock.now(), 3000)).toEqual([]);
    expect((await payouts(server, me.id)).map((p) => [p.weekStart, p.total.amount])).toEqual([['2026-05-04', '77.70']]);
  });
});

describe('two server instances on one database', () => {
  it('run the same week at the same time and pay each tasker once', { timeout: 120_000 }, async () => {
    const adminUrl = process.env.DATABASE_URL?.trim() || null;
    let dbs: Db[];
    let cleanup: () => Promise<void>;
    if (adminUrl) {
      // Two connection pools, as two processes would have.
      const created = await createEmptyPostgresDatabase(adminUrl);
      const a = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
      const b = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
      await migrateToLatest(a.db);
      await seedDemo(a.db, new Date(SEED_TIME));
      dbs = [a.db, b.db];
      cleanup = async () => {
        await a.db.destroy();
        await b.db.destroy();
        await created.drop();
      };
    } else {
      dbs = [server.db, server.db];
      cleanup = async () => {};
    }
    try {
      const clock = new FixedClock('2026-06-09T00:00:00Z');
      const apps = await Promise.all(dbs.map((db) => buildApp({ db, config: testConfig(), clock })));
      const taskers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const me = await makeTasker(dbs[0] as Db, { country: 'LT' });
        taskers.push(me.id);
        await addTask(dbs[0] as Db, { taskerId: me.id, country: 'LT', reward: '10.01', at: '2026-06-03T10:00:00Z' });
      }
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          apps[i % 2]?.app.inject({ method: 'POST', url: '/api/staff/payouts/run', headers: { authorization: 'Bearer test-staff-token' }, payload: { country: 'LT', week: '2026-06-01' } }),
        ),
      );
      expect(answers.map((r) => r?.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const results = answers.map((r) => r?.json<{ data: { alreadyRun: boolean; created: number }[] }>().data[0]);
      expect(results.filter((r) => r?.alreadyRun === false)).toHaveLength(1);
      // Also straight through the function, on both handles at once.
      const direct = await Promise.all(dbs.map((db) => runWeeklyPayouts(db, 'LT', weekStarting('2026-06-01', 'Europe/Vilnius'), clock.now(), 3000)));
      expect(direct.every((r) => r.alreadyRun)).toBe(true);
      const m = moneyDb(dbs[0] as Db);
      const rows = await m.selectFrom('payouts').select(['user_id', sql<string>`total::text`.as('total')]).where('user_id', 'in', taskers).execute();
      expect(rows.map((r) => r.total)).toEqual(['10.01', '10.01', '10.01', '10.01', '10.01']);
      expect(new Set(rows.map((r) => r.user_id)).size).toBe(5);
      const runs = await m.selectFrom('payout_runs').selectAll().where('country_code', '=', 'LT').where('week_start', '=', '2026-06-01').execute();
      expect(runs).toHaveLength(1);
      await Promise.all(apps.map((a) => a.app.close()));
    } finally {
      await cleanup();
    }
  });
});

describe('two server processes on one PostgreSQL', () => {
  const adminUrl = process.env.DATABASE_URL?.trim() || null;
  it.skipIf(!adminUrl)('both start the payout job at once: each market week is run by one of them, each tasker paid once', { timeout: 240_000 }, async () => {
    const database = await createEmptyPostgresDatabase(adminUrl as string);
    const dirs = [mkdtempSync(join(tmpdir(), 'shelfwork-payouts-a.')), mkdtempSync(join(tmpdir(), 'shelfwork-payouts-b.'))];
    const servers: ServerProcess[] = [];
    const second = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    try {
      // The second process finds the database being prepared (the seed's advisory lock) and waits for it.
      for (const dir of dirs) servers.push(startServer({ port: await freePort(), dataDir: dir, databaseUrl: database.url }));
      for (const s of servers) await s.waitForHealth({ timeoutMs: 180_000, pollMs: 200 });
      const m = moneyDb(second.db);
      const deadline = Date.now() + 60_000;
      // The job logs its runs once all four markets are done (server/money/job.ts), after the last
      // run's commit: wait for the rows and for the log lines (reading the logs at the fourth row
      // raced the job's last steps on a loaded machine).
      const logLines = () => servers.map((s) => s.log()).join('\n').match(/\[payouts\] (LT|PL|CZ|RO) week of/g)?.length ?? 0;
      while ((await m.selectFrom('payout_runs').select('country_code').execute()).length < 4 || logLines() < 4) {
        if (Date.now() > deadline) throw new Error(`no runs: ${servers.map((s) => s.log()).join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const logs = servers.map((s) => s.log()).join('\n');
      expect(logs).not.toContain('[payouts] run failed');
      // A run that found its week done logs nothing: four lines in all, one per market.
      expect(logs.match(/\[payouts\] (LT|PL|CZ|RO) week of/g)?.sort()).toEqual(['[payouts] CZ week of', '[payouts] LT week of', '[payouts] PL week of', '[payouts] RO week of']);
      const dupes = await sql<{ n: number }>`select count(*)::int as n from (select user_id, week_start from payouts group by 1, 2 having count(*) > 1) d`.execute(second.db);
      expect(dupes.rows[0]?.n).toBe(0);
      const paidTwice = await sql<{ n: number }>`select count(*)::int as n from (select source_id from payout_lines where source_id is not null group by kind, source_id having count(*) > 1) d`.execute(second.db);
      expect(paidTwice.rows[0]?.n).toBe(0);
      expect((await m.selectFrom('payouts').select('id').execute()).length).toBeGreaterThan(0);
    } finally {
      for (const s of servers) await s.stop('SIGTERM');
      await second.db.destroy();
      await database.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
