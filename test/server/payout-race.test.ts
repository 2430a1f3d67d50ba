/**
 * Runs of different weeks of one market at the same time collect the same unpaid work: the one
 * that comes second finds it paid and answers normally, each source is paid once. On PGlite
 * (one query at a time) the runs are interleaved statement by statement by running them outside a
 * transaction; on PostgreSQL (scripts/test-postgres.sh) the staff route's runs are truly concurrent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './helpers';
import { moneyDb } from '../../server/db/money-tables';
import { runWeekIn } from '../../server/money/payouts';
import { weekStarting } from '#domain/payouts';
import { addTask, makeTasker, staff } from './money-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function paidOnce(taskId: string, userId: string, reward: string): Promise<void> {
  const lines = await moneyDb(server.db).selectFrom('payout_lines').select('payout_id').where('kind', '=', 'task').where('source_id', '=', taskId).execute();
  expect(lines).toHaveLength(1);
  const task = await server.db.selectFrom('tasks').select('payment_id').where('id', '=', taskId).executeTakeFirstOrThrow();
  expect(task.payment_id).toBe(lines[0]?.payout_id);
  const totals = await moneyDb(server.db).selectFrom('payouts').select(sql<string>`total::text`.as('total')).where('user_id', '=', userId).execute();
  expect(totals.map((t) => t.total)).toEqual([reward]);
}

describe('runs of two weeks over the same unpaid task', () => {
  it('interleaved statement by statement: both finish, the task is paid once', async () => {
    const me = await makeTasker(server.db, { country: 'LT' });
    const task = await addTask(server.db, { taskerId: me.id, country: 'LT', reward: '42.42', at: '2026-06-03T10:00:00Z' });
    server.clock.set('2026-06-16T00:00:00Z');
    const now = server.clock.now();
    const weeks = [weekStarting('2026-06-01', 'Europe/Vilnius'), weekStarting('2026-06-08', 'Europe/Vilnius')];
    const results = await Promise.allSettled(weeks.map((week) => runWeekIn(server.db, 'LT', week, now, 3000)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual(['fulfilled', 'fulfilled']);
    await paidOnce(task, me.id, '42.42');
  });

  it('through the staff route at once: both answer 200, the task is paid once', async () => {
    const me = await makeTasker(server.db, { country: 'PL' });
    const task = await addTask(server.db, { taskerId: me.id, country: 'PL', reward: '17.05', at: '2026-06-03T10:00:00Z' });
    server.clock.set('2026-06-16T00:00:00Z');
    const answers = await Promise.all(
      ['2026-06-01', '2026-06-08'].map((week) => staff(server, { method: 'POST', url: '/api/staff/payouts/run', payload: { country: 'PL', week } })),
    );
    expect(answers.map((a) => [a.statusCode, a.json<{ data: { alreadyRun: boolean }[] }>().data?.[0]?.alreadyRun])).toEqual([
      [200, false],
      [200, false],
    ]);
    await paidOnce(task, me.id, '17.05');
  });
});
