/**
 * The week's money from acceptance to the bank, against the real server: a mission
 * staff create and assign; staff accept the tasker's two tasks awaiting confirmation; the next
 * payout's breakdown lists them and the mission's bonus, the mission shows complete; the market
 * week ends; the payout run records the week; staff mark it paid; the tasker sees it paid.
 *
 * The run pays only a week that is over, so the test moves the API's clock past the market
 * week's end with the test-only POST /api/staff/dev/clock (server/devClock.ts; outside production
 * only; the background jobs keep the real clock) and puts it back right after the run.
 * Uses the RO demo tasker: nothing else in the suite reads RO money.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PayoutInfo } from '../../src/domain/payouts';
import { MissionsPage } from './pages/MissionsPage';
import { PayoutPage } from './pages/PayoutPage';
import { STAFF_TOKEN, listTasks, passwordToken, staffAccept } from './support/api';
import { DEMO_PASSWORD, loginWithPassword } from './support/session';
import { fastForwardSyncWorker } from './support/syncWorkerClock';

const RO_TASKER = 'ro@demo.shelfwork.app';
const staff = { Authorization: `Bearer ${STAFF_TOKEN}`, 'Shelfwork-Staff-Name': 'E2E payroll' };

async function staffPost<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: { ...staff, 'Idempotency-Key': randomUUID() }, data });
  expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function moveServerClock(request: APIRequestContext, offsetMs: number): Promise<void> {
  await staffPost(request, '/api/staff/dev/clock', { offsetMs });
}

test('staff accept → the next payout shows the tasks → a mission completes → the weekly run → the tasker sees it paid', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await passwordToken(request, RO_TASKER, DEMO_PASSWORD);
  const awaiting = (await listTasks(request, token, ['awaiting_confirmation'])).slice(0, 2);
  expect(awaiting, 'the demo seed gives the RO tasker two tasks awaiting confirmation').toHaveLength(2);

  const name = `Weekend double ${Date.now().toString(36)}`;
  const mission = await staffPost<{ id: string }>(request, '/api/staff/missions', {
    countryCode: 'RO',
    name,
    useNameAsDisplayName: true,
    moneyReward: '50.00',
    duration: 7 * 24 * 3600,
    objectives: [{ contentType: 'task_type', allowedItems: [], target: 2 }],
  });
  await staffPost(request, `/api/staff/missions/${mission.id}/assign`, { emails: [RO_TASKER] });

  for (const task of awaiting) await staffAccept(request, task.id, 'Clean shelves, sharp photos');

  // The tasker logs in: the account pulls bring the breakdown (then every 60 s while it is open,
  // money.spec.ts) with both tasks and the completed mission's bonus.
  await loginWithPassword(page, RO_TASKER);
  const missions = new MissionsPage(page);
  const payout = new PayoutPage(page);
  await payout.goto();
  const tasks = await payout.expand('tasks');
  for (const task of awaiting) await expect(tasks).toContainText(task.title, { timeout: 20_000 });
  const bonuses = await payout.expand('bonuses');
  await expect(bonuses).toContainText(name);
  await missions.goto();
  await expect(missions.progress(name)).toHaveAttribute('aria-label', /^100% done/, { timeout: 20_000 });

  // The market week ends (the API's clock moves just past it), the run records it, time comes back.
  const finances = await request.get('/api/payment/my-finances', { headers: { Authorization: `Bearer ${token}` } });
  const { nextPayment } = (await finances.json()) as PayoutInfo;
  const weekStart = nextPayment.weekStart;
  let run: { data: { weekStart: string; alreadyRun: boolean; created: number }[] };
  try {
    await moveServerClock(request, Date.parse(nextPayment.periodEnd) - Date.now() + 60_000);
    run = await staffPost(request, '/api/staff/payouts/run', { country: 'RO', week: weekStart });
  } finally {
    await moveServerClock(request, 0);
  }
  expect(run.data[0]).toMatchObject({ weekStart, alreadyRun: false });
  expect(run.data[0]!.created).toBeGreaterThanOrEqual(1);

  const staffWeek = await request.get(`/api/staff/payouts?country=RO&week=${weekStart}`, { headers: staff });
  const recorded = ((await staffWeek.json()) as { data: { id: string; status: string; user: { email: string }; lines: { kind: string; taskId: string | null; missionId: string | null }[] }[] }).data.find(
    (p) => p.user.email === RO_TASKER,
  );
  expect(recorded, "the run recorded the tasker's week").toBeDefined();
  expect(recorded!.status).toBe('pending');
  expect(recorded!.lines.filter((l) => l.kind === 'task').map((l) => l.taskId)).toEqual(expect.arrayContaining(awaiting.map((t) => t.id)));
  expect(recorded!.lines.filter((l) => l.kind === 'mission_bonus').map((l) => l.missionId)).toContain(mission.id);

  // Staff mark it paid; the tasker's payout screen (finances every 60 s while open; a payout that
  // moved brings the past payouts with it) shows the week paid once a minute has passed for the
  // sync worker (support/syncWorkerClock.ts) and its next 15 s tick pulled.
  const paid = await staffPost<{ paid: string[] }>(request, '/api/staff/payouts/mark-paid', { ids: [recorded!.id] });
  expect(paid.paid).toEqual([recorded!.id]);
  await payout.goto();
  await fastForwardSyncWorker(page, 60_000);
  const weekLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${weekStart}T00:00:00Z`));
  const week = payout.pastPayout(new RegExp(`^${weekLabel}\\b`));
  await expect(week).toHaveAttribute('data-status', 'paid', { timeout: 30_000 });
  await expect(week).toContainText('Paid on');
  // Paid work is out of the next payout.
  await expect(payout.row('bonuses')).toHaveCount(0);
});
