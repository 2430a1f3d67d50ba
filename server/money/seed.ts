/**
 * Demo data of money and missions (called at the end of seedDemo): for each approved demo
 * tasker, a welcome mission already completed (its bonus is in the next payout), a shelf-photo
 * mission running for a week and an open scanning mission; an overpayment being repaid (LT) and a
 * staff reduction (PL), so the next-payout screen shows every row; and one more accepted task
 * per demo tasker, finalized at seeding time, so the next payout has task lines even when the
 * payout job pays last week's work (seed.ts) right after the first start. Everything is dated at
 * `now` or later than the start of its week, so it stays in the next payout.
 */
import type { Db } from '../db/database';
import { moneyDb } from '../db/money-tables';
import { seedText } from '../db/seed-i18n';

interface DemoMoney {
  email: string;
  country: 'LT' | 'PL' | 'CZ' | 'RO';
  currency: string;
  welcome: string;
  photos: string;
  scans: string;
}

const DEMO: DemoMoney[] = [
  { email: 'lt@demo.shelfwork.app', country: 'LT', currency: 'EUR', welcome: '5.00', photos: '15.00', scans: '25.00' },
  { email: 'pl@demo.shelfwork.app', country: 'PL', currency: 'PLN', welcome: '20.00', photos: '60.00', scans: '100.00' },
  { email: 'cz@demo.shelfwork.app', country: 'CZ', currency: 'CZK', welcome: '120.00', photos: '350.00', scans: '600.00' },
  { email: 'ro@demo.shelfwork.app', country: 'RO', currency: 'RON', welcome: '25.00', photos: '75.00', scans: '120.00' },
];

const DAY = 86_400_000;
const MINUTE = 60_000;

export async function seedMoneyDemo(db: Db, now: Date): Promise<void> {
  const m = moneyDb(db);
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      DEMO.map((d) => d.email),
    )
    .execute();
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  for (const d of DEMO) {
    const userId = idOf.get(d.email);
    if (!userId) continue;
    const key = d.country.toLowerCase();
    // A copy of the tasker's latest accepted task, accepted a few minutes before seeding.
    const latest = await db
      .selectFrom('tasks')
      .selectAll()
      .where('tasker_id', '=', userId)
      .where('status', '=', 'accepted')
      .orderBy('finalization_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest) {
      const finalized = new Date(now.getTime() - 5 * MINUTE);
      const ended = new Date(finalized.getTime() - 10 * MINUTE);
      const started = new Date(ended.getTime() - latest.expected_duration * MINUTE);
      await db
        .insertInto('tasks')
        .values({
          ...latest,
          id: `task-${key}-demo-accepted-now`,
          payment_id: null,
          time_window_start: new Date(started.getTime() - 30 * MINUTE),
          time_window_end: new Date(ended.getTime() + 60 * MINUTE),
          start_time: started,
          end_time: ended,
          finalization_time: finalized,
          reserved_at: new Date(started.getTime() - DAY),
          early_cancel_deadline: null,
          late_cancel_deadline: null,
          target_product_photos: JSON.stringify(latest.target_product_photos),
          done_checklist_item_ids: '[]',
          created_at: new Date(started.getTime() - 2 * DAY),
          updated_at: finalized,
        })
        .execute();
    }
    const missions = [
      {
        id: `mission-${key}-welcome`,
        name: seedText(d.country, 'Welcome to Shelfwork: finish the basics training'),
        reward: d.welcome,
        duration: null,
        objectives: [{ content_type: 'training' as const, allowed: ['basics'], target: 1 }],
      },
      {
        id: `mission-${key}-photos`,
        name: seedText(d.country, 'Shelf photo week: complete 3 shelf photo tasks within 7 days and earn a bonus on top of the task rewards'),
        reward: d.photos,
        duration: 7 * 86_400,
        objectives: [{ content_type: 'task_type' as const, allowed: ['shelf-photo'], target: 3 }],
      },
      {
        id: `mission-${key}-scans`,
        name: seedText(d.country, 'Scanning sprint'),
        reward: d.scans,
        duration: null,
        objectives: [
          { content_type: 'task_type' as const, allowed: ['sku-scan', 'stock-check'], target: 5 },
          { content_type: 'training' as const, allowed: ['barcode-scanning'], target: 1 },
        ],
      },
    ];
    for (const mission of missions) {
      await m
        .insertInto('missions')
        .values({
          id: mission.id,
          country_code: d.country,
          name: mission.name,
          use_name_as_display_name: true,
          description: '',
          reward_amount: mission.reward,
          currency_code: d.currency,
          duration_seconds: mission.duration,
          created_by: 'seed',
          created_at: new Date(now.getTime() - DAY),
        })
        .execute();
      await m
        .insertInto('mission_objectives')
        .values(
          mission.objectives.map((o, position) => ({
            id: `${mission.id}-${position + 1}`,
            mission_id: mission.id,
            position,
            content_type: o.content_type,
            allowed_items: JSON.stringify(o.allowed),
            target: o.target,
          })),
        )
        .execute();
      await m
        .insertInto('mission_assignments')
        .values({
          id: `${mission.id}-${key}-demo`,
          mission_id: mission.id,
          user_id: userId,
          expires_at: mission.duration ? new Date(now.getTime() + mission.duration * 1000) : null,
          // The welcome mission was done before it was assigned (the basics training): completed now.
          completed_at: mission.id.endsWith('welcome') ? now : null,
          reward_amount: mission.id.endsWith('welcome') ? mission.reward : null,
          created_by: 'seed',
          created_at: now,
        })
        .execute();
    }
  }
  const lt = idOf.get('lt@demo.shelfwork.app');
  if (lt) {
    await m
      .insertInto('payout_adjustments')
      .values({
        id: 'adjustment-lt-demo-overpayment',
        user_id: lt,
        kind: 'overpayment',
        amount: '12.00',
        currency_code: 'EUR',
        task_id: null,
        reason: 'A task of an earlier week was paid twice',
        created_by: 'seed',
        created_at: now,
      })
      .execute();
  }
  const pl = idOf.get('pl@demo.shelfwork.app');
  if (pl) {
    await m
      .insertInto('payout_adjustments')
      .values({
        id: 'adjustment-pl-demo-reduction',
        user_id: pl,
        kind: 'reduction',
        amount: '15.00',
        currency_code: 'PLN',
        task_id: null,
        reason: seedText('PL', 'Photos of one shelf were missing (found after acceptance)'),
        created_by: 'seed',
        created_at: now,
      })
      .execute();
  }
}
