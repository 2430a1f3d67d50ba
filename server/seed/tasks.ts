/**
 * The demo tasks of every market: many available ones over the next two weeks (two open now in
 * the daytime), the demo tasker's own work in each status, and other taskers' work the demo
 * accounts never see; with their checklists, products and defects, in the market's language.
 */
import type { Db } from '../db/database';
import { earlyCancelDeadline, localDateKey } from '#domain/tasks';
import { addDays, zonedInstant } from '#domain/payouts';
import { checklistFor } from '../tasks/checklists';
import { seedText } from '../db/seed-i18n';
import { SEED_BRANDS, SEED_CATEGORIES, SEED_COUNTRIES, SEED_DEFECTS, SEED_TASK_TYPES, type SeedTaskType } from '../db/seed-data';
import type { SeedPlace } from './reference';
import { DAY, formatMinor, HOUR, insertChunked, MINUTE, type Random } from './support';

interface TaskPlan {
  status: string;
  taskerId: string | null;
  /** Window start/end; when null the generator picks a day window at `dayOffset`. */
  window?: { start: Date; end: Date };
  dayOffset: number;
  startedAgo?: number;
  finishedAgo?: number;
  dispute?: boolean;
}

/** What the tasks are laid on: the places, each market's products, the demo accounts' ids (by email) and each market's crowd tasker. */
export interface TaskGround {
  places: SeedPlace[];
  productsByCountry: Map<string, string[]>;
  userIds: Map<string, string>;
  crowd: Map<string, string>;
}

/** Writes the tasks with their checklist items, products and defects; answers how many tasks. */
export async function seedTasks(db: Db, rnd: Random, now: Date, { places, productsByCountry, userIds, crowd }: TaskGround): Promise<number> {
  const taskRows: Record<string, unknown>[] = [];
  const checklistRows: Record<string, unknown>[] = [];
  const taskProductRows: { task_id: string; product_id: string }[] = [];
  const taskDefectRows: { task_id: string; defect_id: string; checked: boolean }[] = [];
  const totalWeight = SEED_TASK_TYPES.reduce((s, t) => s + t.weight, 0);
  const pickType = (): SeedTaskType => {
    let r = rnd.next() * totalWeight;
    for (const t of SEED_TASK_TYPES) {
      r -= t.weight;
      if (r < 0) return t;
    }
    return SEED_TASK_TYPES[0] as SeedTaskType;
  };

  for (const country of SEED_COUNTRIES) {
    const demoId = userIds.get(`${country.code.toLowerCase()}@demo.shelfwork.app`) as string;
    const crowdId = crowd.get(country.code) as string;
    const countryPlaces = places.filter((p) => p.country_code === country.code);
    const plans: TaskPlan[] = [];
    // Windows open at seeding time (so demos can start tasks at any hour), on quarter hours like real ones.
    const QUARTER = 15 * MINUTE;
    const openNow = (startedHoursAgo: number, hoursLeft: number) => ({
      start: new Date(Math.floor((now.getTime() - startedHoursAgo * HOUR) / QUARTER) * QUARTER),
      end: new Date(Math.ceil((now.getTime() + hoursLeft * HOUR) / QUARTER) * QUARTER),
    });
    // Available: many, over the next two weeks, plus two whose window is open now when it is
    // daytime in the market (at night they get an ordinary window tomorrow instead).
    for (let i = 0; i < 48; i++) plans.push({ status: 'available', taskerId: null, dayOffset: 1 + (i % 14) });
    const localHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: country.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
    const daytime = localHour >= 7 && localHour < 16;
    plans.push({ status: 'available', taskerId: null, dayOffset: daytime ? 0 : 1, ...(daytime ? { window: openNow(0.5, 4) } : {}) });
    plans.push({ status: 'available', taskerId: null, dayOffset: daytime ? 0 : 1, ...(daytime ? { window: openNow(1, 3) } : {}) });
    // The demo tasker's own work.
    plans.push({ status: 'reserved', taskerId: demoId, dayOffset: 0, window: openNow(1, 5) });
    plans.push({ status: 'reserved', taskerId: demoId, dayOffset: 1 });
    plans.push({ status: 'reserved', taskerId: demoId, dayOffset: 3 });
    plans.push({ status: 'reserved', taskerId: demoId, dayOffset: 6 });
    plans.push({ status: 'in_progress', taskerId: demoId, dayOffset: 0, window: openNow(2, 3), startedAgo: 0.5 });
    plans.push({ status: 'in_progress', taskerId: demoId, dayOffset: 0, window: openNow(1, 2), startedAgo: 0.2 });
    for (const d of [1, 2]) plans.push({ status: 'awaiting_confirmation', taskerId: demoId, dayOffset: -d, finishedAgo: d });
    for (const d of [3, 5, 8, 12, 20, 33]) plans.push({ status: 'accepted', taskerId: demoId, dayOffset: -d, finishedAgo: d });
    plans.push({ status: 'rejected', taskerId: demoId, dayOffset: -4, finishedAgo: 4, dispute: true });
    plans.push({ status: 'rejected', taskerId: demoId, dayOffset: -15, finishedAgo: 15 });
    for (const d of [6, 25]) plans.push({ status: 'expired', taskerId: demoId, dayOffset: -d });
    // Other taskers' work (never visible to the demo accounts).
    for (const d of [1, 2, 4]) plans.push({ status: 'reserved', taskerId: crowdId, dayOffset: d });
    plans.push({ status: 'in_progress', taskerId: crowdId, dayOffset: 0, window: openNow(1, 4), startedAgo: 0.3 });
    for (const d of [1, 3]) plans.push({ status: 'awaiting_confirmation', taskerId: crowdId, dayOffset: -d, finishedAgo: d });
    for (const d of [2, 7, 9, 14]) plans.push({ status: 'accepted', taskerId: crowdId, dayOffset: -d, finishedAgo: d });
    plans.push({ status: 'rejected', taskerId: crowdId, dayOffset: -10, finishedAgo: 10 });
    for (const d of [4, 11]) plans.push({ status: 'expired', taskerId: crowdId, dayOffset: -d });

    const today = localDateKey(now, country.timeZone);
    plans.forEach((plan, index) => {
      const type = pickType();
      const place = countryPlaces[index % countryPlaces.length] as (typeof places)[number];
      let windowStart: Date;
      let windowEnd: Date;
      if (plan.window) {
        windowStart = plan.window.start;
        windowEnd = plan.window.end;
      } else {
        const day = addDays(today, plan.dayOffset);
        if (rnd.next() < 0.75) {
          // Daytime: 2–6 h inside 07:00–16:00 local, starting on a quarter hour.
          const hours = rnd.int(2, 6);
          const startHour = rnd.int(7, 16 - hours);
          const minute = startHour + hours < 16 ? rnd.pick([0, 15, 30, 45]) : 0;
          windowStart = zonedInstant(day, startHour, minute, country.timeZone);
          windowEnd = zonedInstant(day, startHour + hours, minute, country.timeZone);
        } else {
          // Evening: 1–2 h starting 17:00–20:45 local on a quarter hour.
          const hours = rnd.int(1, 2);
          const startHour = rnd.int(17, 20);
          const minute = rnd.pick([0, 15, 30, 45]);
          windowStart = zonedInstant(day, startHour, minute, country.timeZone);
          windowEnd = zonedInstant(day, startHour + hours, minute, country.timeZone);
        }
      }
      const windowMinutes = (windowEnd.getTime() - windowStart.getTime()) / MINUTE;
      const fitting = type.durations.filter((d) => d <= windowMinutes - 15);
      const expectedDuration = fitting.length > 0 ? rnd.pick(fitting) : Math.max(15, Math.min(30, windowMinutes - 15));
      const { min, max, step } = country.reward;
      const scaled = min + ((max - min) * (expectedDuration - 15)) / 165;
      const baseMinor = Math.round((scaled * (0.85 + rnd.next() * 0.3)) / step) * step;
      const bonusMinor = rnd.next() < 0.18 ? Math.round((baseMinor * (0.1 + rnd.next() * 0.2)) / step) * step : 0;
      const rewardMinor = baseMinor + bonusMinor;
      const category = rnd.pick(SEED_CATEGORIES);
      const brand = rnd.pick(SEED_BRANDS);
      // In the market's language (seed-i18n.ts).
      const prefix = seedText(country.code, type.titlePrefix);
      const categoryWords = seedText(country.code, category);
      const title =
        type.id === 'sku-scan' || type.id === 'promo-display' ? `${prefix}: ${brand} ${type.id === 'sku-scan' ? categoryWords : ''}`.trim() : `${prefix}: ${categoryWords}`;
      const id = rnd.uuid();
      const endIso = windowEnd.toISOString();

      const items = checklistFor(type.id).map((item, position) => ({
        id: rnd.uuid(),
        task_id: id,
        position,
        type: item.type,
        title: seedText(country.code, item.title),
        description: item.description === null ? null : seedText(country.code, item.description),
        is_optional: item.isOptional,
        metadata: JSON.stringify(item.metadata),
      }));
      checklistRows.push(...items);
      const history = ['awaiting_confirmation', 'accepted', 'rejected'].includes(plan.status);
      const doneIds = history ? items.map((i) => i.id) : plan.status === 'in_progress' ? items.slice(0, 1).map((i) => i.id) : [];

      if (type.id === 'sku-scan' || type.id === 'stock-check') {
        const ids = productsByCountry.get(country.code) ?? [];
        const count = rnd.int(4, Math.min(6, ids.length));
        const offset = rnd.int(0, ids.length - 1);
        for (let k = 0; k < count; k++) taskProductRows.push({ task_id: id, product_id: ids[(offset + k) % ids.length] as string });
      }
      if (type.id === 'defects') {
        for (const d of SEED_DEFECTS) taskDefectRows.push({ task_id: id, defect_id: d.id, checked: history && d.type === 'regular' && rnd.next() < 0.3 });
      }

      const finished = plan.finishedAgo !== undefined ? new Date(windowStart.getTime() + 30 * MINUTE + expectedDuration * MINUTE) : null;
      const started = plan.startedAgo !== undefined ? new Date(now.getTime() - plan.startedAgo * HOUR) : finished ? new Date(finished.getTime() - expectedDuration * MINUTE) : null;
      const commentRoll = rnd.next();
      const descriptiveComment =
        commentRoll < 0.4
          ? seedText(country.code, 'Planogram for this bay: {link} — ask for the shift manager at the information desk.', {
              link: `https://docs.shelfwork.app/planograms/${place.retailer_id}/${category.replace(/\s+/g, '-')}.pdf`,
            })
          : commentRoll < 0.7
            ? seedText(country.code, 'Enter through the goods entrance on the side street and sign in at security. Store details: {link}', { link: `https://shelfwork.app/stores/${place.id}` })
            : commentRoll < 0.85
              ? seedText(country.code, 'Focus on the {brand} products; the client checks price labels this week. Questions: {link}', { brand, link: 'https://help.shelfwork.app/contact' })
              : null;
      taskRows.push({
        id,
        status: plan.status,
        tasker_id: plan.taskerId,
        task_type_id: type.id,
        place_id: place.id,
        country_code: country.code,
        title,
        image: null,
        payment_id: plan.status === 'accepted' && (plan.finishedAgo ?? 0) > 7 ? `PAY-${country.code}-${String(index + 1).padStart(5, '0')}` : null,
        time_window_start: windowStart,
        time_window_end: windowEnd,
        start_time: started,
        end_time: history ? finished : null,
        finalization_time: plan.status === 'accepted' || plan.status === 'rejected' ? new Date((finished as Date).getTime() + DAY) : null,
        expected_duration: expectedDuration,
        currency_code: country.currencyCode,
        reward: formatMinor(rewardMinor),
        base_reward: formatMinor(baseMinor),
        bonus_reward: bonusMinor > 0 ? formatMinor(bonusMinor) : null,
        reduced_reward: plan.status === 'rejected' ? formatMinor(Math.round((baseMinor * 0.5) / country.reward.step) * country.reward.step) : null,
        early_cancel_deadline: new Date(earlyCancelDeadline(endIso, expectedDuration)),
        late_cancel_deadline: new Date(windowStart.getTime() - HOUR),
        result_comment:
          plan.status === 'rejected'
            ? seedText(country.code, 'Photos were blurry and two shelves were missing. Reward reduced by half.')
            : plan.status === 'accepted'
              ? seedText(country.code, 'Good work, thank you!')
              : null,
        tasker_comment: history ? seedText(country.code, 'Done. The back room was locked, asked the manager for access.') : null,
        descriptive_comment: descriptiveComment,
        // Served by the app's own origin (public/letters/, scripts/make-letters.ts): the task pack keeps it and it opens offline.
        letter_of_authority_url: `/letters/${place.retailer_id}.pdf`,
        target_product_photos: '[]',
        done_checklist_item_ids: JSON.stringify(doneIds),
        has_outstanding_dispute: plan.dispute === true,
        // Reserved some time before the work (or before seeding for tasks not started yet).
        reserved_at: plan.taskerId ? new Date(Math.min(now.getTime(), windowStart.getTime(), started?.getTime() ?? Infinity) - 2 * DAY) : null,
        created_at: new Date(Math.min(now.getTime(), windowStart.getTime()) - 3 * DAY),
        updated_at: plan.status === 'available' ? new Date(now.getTime() - DAY) : (finished ?? started ?? new Date(now.getTime() - HOUR)),
      });
    });
  }
  await insertChunked(db, 'tasks', taskRows);
  await insertChunked(db, 'checklist_items', checklistRows, 200);
  await insertChunked(db, 'task_products', taskProductRows, 500);
  await insertChunked(db, 'task_defects', taskDefectRows, 500);
  return taskRows.length;
}
