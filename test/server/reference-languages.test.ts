/**
 * The seeded task types, trainings and defects read in the market's language
 * (docs/decisions/0008): one row each, its texts per locale beside it, picked by the server per
 * market through the real routes — and the per-process task type cache never hands one market's
 * words to another (server/tasks/reference-cache.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFECT_NAMES, SEED_LOCALES, TASK_TYPE_TEXTS, TRAINING_TITLES, seedFilterTitle } from '../../server/db/seed-i18n';
import { SEED_DEFECTS, SEED_TASK_TYPES, SEED_TRAININGS } from '../../server/db/seed-data';
import { startTestServer, type TestServer } from './helpers';
import { createTask, STAFF } from './lifecycle-fixtures';
import { postJson } from './execution-fixtures';
import type { Defect, Page, Task, Training } from '#domain/types';

let server: TestServer;
const tokens: Record<string, string> = {};
const LOCALE = { LT: 'lt', PL: 'pl', CZ: 'cs', RO: 'ro' } as const;
type Market = keyof typeof LOCALE;

beforeAll(async () => {
  server = await startTestServer();
  for (const market of Object.keys(LOCALE)) tokens[market] = (await server.login(`${market.toLowerCase()}@demo.shelfwork.app`)).token;
});
afterAll(async () => {
  await server?.close();
});

const typeTexts = (market: Market, id: string) => TASK_TYPE_TEXTS[id]![LOCALE[market]];
const trainingTitle = (market: Market, id: string) => TRAINING_TITLES[id]![LOCALE[market]];

async function list(market: Market, query: string): Promise<Task[]> {
  const res = await server.request({ method: 'GET', url: `/api/task?${query}`, token: tokens[market], headers: { 'accept-language': 'en' } });
  expect(res.statusCode).toBe(200);
  return res.json<Page<Task>>().data;
}

function expectInMarketLanguage(market: Market, task: Task): void {
  const type = SEED_TASK_TYPES.find((t) => t.id === task.taskTypeId)!;
  const texts = typeTexts(market, type.id);
  expect(task.taskType.title, `${market} ${type.id}`).toBe(texts.title);
  expect(task.taskType.shortDescription).toBe(texts.shortDescription);
  expect(task.taskType.fullDescription).toBe(texts.fullDescription);
  expect(task.taskType.filterTitle).toBe(seedFilterTitle(type.filterTitle, LOCALE[market]));
  expect(task.taskType.trainings.map((t) => t.title)).toEqual(type.trainingIds.map((id) => trainingTitle(market, id)));
  // Ids stay the English slugs: tasks, done trainings, missions and queued records name them.
  expect(task.taskType.trainings.map((t) => t.id)).toEqual(type.trainingIds);
}

describe('seeded reference texts per market', () => {
  it('are written for every task type, training and defect in lt, pl, cs and ro', () => {
    for (const locale of SEED_LOCALES) {
      for (const t of SEED_TASK_TYPES) {
        const texts = TASK_TYPE_TEXTS[t.id]?.[locale];
        expect(texts?.title && texts.shortDescription && texts.fullDescription, `${locale} ${t.id}`).toBeTruthy();
        expect(seedFilterTitle(t.filterTitle, locale), `${locale} ${t.filterTitle}`).not.toBe(t.filterTitle);
      }
      for (const t of SEED_TRAININGS) {
        expect(TRAINING_TITLES[t.id]?.[locale], `${locale} ${t.id}`).toBeTruthy();
        expect(seedFilterTitle(t.filterTitle, locale), `${locale} ${t.filterTitle}`).not.toBe(t.filterTitle);
      }
      for (const d of SEED_DEFECTS) expect(DEFECT_NAMES[d.id]?.[locale], `${locale} ${d.id}`).toBeTruthy();
    }
  });

  it('a Lithuanian tasker, then a Polish one, then the Lithuanian again: each list in its market’s language (no cached answer crosses markets)', async () => {
    for (const market of ['LT', 'PL', 'LT', 'CZ', 'RO', 'PL'] as Market[]) {
      const tasks = await list(market, 'status=available&first=50');
      expect(new Set(tasks.map((t) => t.taskTypeId)).size, `${market}: several task types on the page`).toBeGreaterThan(2);
      for (const task of tasks) expectInMarketLanguage(market, task);
    }
  });

  it('the task detail of a Polish task reads in Polish, whatever language the app asks in', async () => {
    const [first] = await list('PL', 'status=available&first=1');
    for (const language of ['en', 'lt', 'pl']) {
      const res = await server.request({ method: 'GET', url: `/api/task/${first!.id}`, token: tokens.PL, headers: { 'accept-language': language } });
      expect(res.statusCode).toBe(200);
      expectInMarketLanguage('PL', res.json<Task>());
    }
  });

  it('the training list reads in the tasker’s market language, with its progress as before', async () => {
    for (const market of ['PL', 'LT'] as Market[]) {
      const res = await server.request({ method: 'GET', url: '/api/training', token: tokens[market] });
      expect(res.statusCode).toBe(200);
      const trainings = res.json<Training[]>();
      expect(trainings.map((t) => t.id).sort()).toEqual(SEED_TRAININGS.map((t) => t.id).sort());
      for (const t of trainings) {
        const seeded = SEED_TRAININGS.find((s) => s.id === t.id)!;
        expect(t.title, `${market} ${t.id}`).toBe(trainingTitle(market, t.id));
        expect(t.filterTitle).toBe(seedFilterTitle(seeded.filterTitle, LOCALE[market]));
        expect(t.doneAt === null, t.id).toBe(t.id === 'promo-displays');
      }
    }
  });

  it('defects read in the market’s language by the same ids, and a record naming an id still delivers', async () => {
    const global = await server.request({ method: 'GET', url: '/api/task/defects', token: tokens.PL });
    expect(global.statusCode).toBe(200);
    const names = global.json<{ data: Defect[] }>().data;
    expect(names.map((d) => d.id).sort()).toEqual(SEED_DEFECTS.map((d) => d.id).sort());
    for (const d of names) expect(d.name, d.id).toBe(DEFECT_NAMES[d.id]!.pl);

    // A defect task staff created at a Polish store (its checklist has a defects item, so the
    // global list applies), in progress for the Polish demo tasker.
    const place = await server.db.selectFrom('places').select('id').where('country_code', '=', 'PL').orderBy('id').executeTakeFirstOrThrow();
    const created = await createTask(server, { placeId: place.id, start: '2026-03-10T07:00:00Z', end: '2026-03-10T15:00:00Z', taskTypeId: 'defects' });
    const tasker = await server.db.selectFrom('users').select('id').where('email', '=', 'pl@demo.shelfwork.app').executeTakeFirstOrThrow();
    const now = server.clock.now();
    await server.db.updateTable('tasks').set({ status: 'in_progress', tasker_id: tasker.id, reserved_at: now, start_time: now, start_received_at: now }).where('id', '=', created.id).execute();
    const own = { id: created.id };
    const read = await server.request({ method: 'GET', url: `/api/task/${own.id}/defects`, token: tokens.PL });
    expect(read.statusCode).toBe(200);
    for (const d of read.json<{ data: Defect[] }>().data) expect(d.name, d.id).toBe(DEFECT_NAMES[d.id]!.pl);

    const write = await postJson(server, `/api/task/${own.id}/defects`, tokens.PL!, { defectIds: ['expired-product', 'area-closed'] });
    expect(write.statusCode, write.body).toBe(200);
    const written = write.json<{ data: Defect[] }>().data;
    expect(written.filter((d) => d.checked).map((d) => [d.id, d.name])).toEqual(
      expect.arrayContaining([
        ['expired-product', DEFECT_NAMES['expired-product']!.pl],
        ['area-closed', DEFECT_NAMES['area-closed']!.pl],
      ]),
    );
  });

  it('the Lithuanian tasker’s global defect list is Lithuanian', async () => {
    const res = await server.request({ method: 'GET', url: '/api/task/defects', token: tokens.LT });
    for (const d of res.json<{ data: Defect[] }>().data) expect(d.name, d.id).toBe(DEFECT_NAMES[d.id]!.lt);
  });

  it('a training staff mark done is named in the tasker’s market language in their notification; the staff review keeps the English', async () => {
    const user = await server.db.selectFrom('users').select('id').where('email', '=', 'pl@demo.shelfwork.app').executeTakeFirstOrThrow();
    const done = await server.request({ method: 'POST', url: `/api/staff/users/${user.id}/trainings/promo-displays/done`, headers: STAFF });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ trainings: { id: string; title: string }[] }>().trainings.find((t) => t.id === 'promo-displays')?.title).toBe('Promo displays: winter campaign');
    const res = await server.request({ method: 'GET', url: '/api/notifications', token: tokens.PL, headers: { 'accept-language': 'pl' } });
    expect(res.statusCode).toBe(200);
    const body = JSON.stringify(res.json());
    expect(body).toContain(trainingTitle('PL', 'promo-displays'));
    expect(body).not.toContain('Promo displays: winter campaign');
  });
});
