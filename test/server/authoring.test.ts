/**
 * Task authoring by staff: a task type with a checklist in lt and pl may have tasks in LT and PL
 * only (a CZ task is refused CHECKLIST_TRANSLATION_MISSING, in one task and in the import); the
 * tasker reads the checklist in the market's language; product lists are checked with the GS1
 * rule and reach the tasker's scanner list; publication hides a task from taskers; edits stop once
 * a tasker holds the task; the CSV import checks every row and saves all or nothing; every write
 * is in the audit trail with its before and after.
 */
import { randomUUID } from 'node:crypto';
import { notificationsDb } from '../../server/notifications/tables';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { createTaskers, firstPlace, post, STAFF } from './lifecycle-fixtures';
import { bearer, insertStaff } from './staff-auth-fixtures';
import type { ApiErrorBody, ChecklistItem, Product, Task } from '#domain/types';
import type { AuthoringTaskType } from '../../server/tasks/templates';
import type { AuthoringTask, AuthoringTaskRow } from '../../server/authoring/tasks';
import type { ImportRow } from '../../server/authoring/import';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  server.clock.set(SEED_TIME);
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const staff = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = STAFF) =>
  server.request({ method, url, headers: { ...headers, ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }) }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** Two valid EAN-13 codes and one with a wrong check digit. */
const EAN_A = '4006381333931';
const EAN_B = '5901234123457';
const EAN_BAD = '5901234123458';

const TEMPLATE = {
  texts: {
    en: { title: 'Dairy shelf audit', shortDescription: 'Photograph and scan the dairy shelf' },
    lt: { title: 'Pieno lentynos auditas', shortDescription: 'Nufotografuokite ir nuskenuokite pieno lentyną' },
    pl: { title: 'Audyt półki nabiałowej' },
  },
  checklist: [
    {
      type: 'camera',
      isOptional: false,
      metadata: { tags: ['before'] },
      texts: { en: { title: 'Photo of the dairy shelf', description: 'Whole bay' }, lt: { title: 'Pieno lentynos nuotrauka', description: 'Visa sekcija' }, pl: { title: 'Zdjęcie półki z nabiałem' } },
    },
    {
      type: 'scanner',
      isOptional: false,
      metadata: {},
      texts: { en: { title: 'Scan the listed products' }, lt: { title: 'Nuskenuokite sąrašo prekes' }, pl: { title: 'Zeskanuj produkty z listy' } },
    },
  ],
};

let typeId: string;
async function dairyType(): Promise<string> {
  if (typeId) return typeId;
  const res = await staff('POST', '/api/staff/task-types', TEMPLATE);
  expect(res.statusCode, res.body).toBe(201);
  typeId = res.json<AuthoringTaskType>().id;
  return typeId;
}

async function placeIn(country: string): Promise<string> {
  return firstPlace(server, country);
}

const windowBody = (placeId: string, extra: Record<string, unknown> = {}) => ({
  placeId,
  taskTypeId: typeId,
  timeWindowStart: '2026-03-11T08:00:00Z',
  timeWindowEnd: '2026-03-11T16:00:00Z',
  expectedDuration: 60,
  reward: '12.50',
  ...extra,
});

async function createLtTask(extra: Record<string, unknown> = {}): Promise<Task> {
  await dairyType();
  const res = await staff('POST', '/api/staff/tasks', windowBody(await placeIn('LT'), extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Task>();
}

/** The audit rows of an entity (the test clock stands still: rows of one instant, in no order). */
async function auditRows(entityId: string) {
  return server.db.selectFrom('staff_audit').select(['action', 'entity', 'country_code', 'before', 'after']).where('entity_id', '=', entityId).orderBy('action').execute();
}
const auditOf = async (entityId: string, action: string) => (await auditRows(entityId)).find((a) => a.action === action);

describe('task types', () => {
  it('creates a type with a checklist in lt and pl: complete for LT and PL only, audited', async () => {
    const id = await dairyType();
    const res = await staff('GET', `/api/staff/task-types/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const type = res.json<AuthoringTaskType>();
    expect(type.completeMarkets).toEqual(['LT', 'PL']);
    expect(type.missingLocales).toEqual(['cs', 'ro']);
    expect(type.checklist.map((i) => i.texts.lt?.title)).toEqual(['Pieno lentynos nuotrauka', 'Nuskenuokite sąrašo prekes']);
    expect(type.texts.lt?.title).toBe('Pieno lentynos auditas');
    const audit = await auditRows(id);
    expect(audit.map((a) => [a.action, a.entity])).toEqual([['task_type.create', 'task_type']]);
  });

  it('lists the seeded types with their built-in templates complete in every market', async () => {
    const res = await staff('GET', '/api/staff/task-types');
    expect(res.statusCode).toBe(200);
    const shelf = res.json<{ data: AuthoringTaskType[] }>().data.find((t) => t.id === 'shelf-photo');
    expect(shelf?.completeMarkets).toEqual(['LT', 'PL', 'CZ', 'RO']);
    expect(shelf?.checklist.length).toBeGreaterThan(0);
  });

  it('refuses a template without English texts or with an unknown item type, field by field', async () => {
    const res = await staff('POST', '/api/staff/task-types', { texts: { lt: { title: 'Tik lietuviškai' } }, checklist: [{ type: 'video', texts: { lt: { title: 'x' } } }] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().error.fields).toMatchObject({ 'texts.en.title': 'REQUIRED', 'items.0.type': 'INVALID', 'items.0.texts.en.title': 'REQUIRED' });
  });

  it('PUT checklist replaces the template; adding cs makes CZ complete', async () => {
    const id = await dairyType();
    const withCs = {
      texts: { ...TEMPLATE.texts, cs: { title: 'Audit mléčného regálu' } },
      items: TEMPLATE.checklist.map((item, n) => ({ ...item, texts: { ...item.texts, cs: { title: n === 0 ? 'Fotka regálu' : 'Naskenujte produkty' } } })),
    };
    // Only the author's and admin's: a reviewer is refused.
    const reviewer = await insertStaff(server, ['reviewer']);
    expect((await staff('PUT', `/api/staff/task-types/${id}/checklist`, withCs, bearer(reviewer.token))).statusCode).toBe(403);
    const other = await staff('POST', '/api/staff/task-types', { ...TEMPLATE, texts: { ...TEMPLATE.texts, en: { title: 'Dairy audit copy' } } });
    const copyId = other.json<AuthoringTaskType>().id;
    const res = await staff('PUT', `/api/staff/task-types/${copyId}/checklist`, withCs);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AuthoringTaskType>().completeMarkets).toEqual(['LT', 'PL', 'CZ']);
    expect(await auditOf(copyId, 'task_type.update')).toMatchObject({ before: { completeMarkets: ['LT', 'PL'] }, after: { completeMarkets: ['LT', 'PL', 'CZ'] } });
  });
});

describe('creating tasks', () => {
  it('creates an LT task whose checklist the tasker reads in Lithuanian, with its product list on the scanner list', async () => {
    const task = await createLtTask({ title: `Dairy ${randomUUID()}`, products: [{ ean: EAN_A, name: 'Milk 1 l', expectedFacings: 4 }, { ean: EAN_B, name: 'Kefir' }] });
    const items = await server.db.selectFrom('checklist_items').select(['title', 'description', 'translations']).where('task_id', '=', task.id).orderBy('position').execute();
    expect(items.map((i) => i.title)).toEqual(['Pieno lentynos nuotrauka', 'Nuskenuokite sąrašo prekes']);
    expect(items[0]?.translations).toMatchObject({ en: { title: 'Photo of the dairy shelf' }, pl: { title: 'Zdjęcie półki z nabiałem' } });

    const [tasker] = await createTaskers(server, 1, 'LT');
    const reserved = await post(server, `/api/task/${task.id}/reserve`, tasker!.token);
    expect(reserved.statusCode, reserved.body).toBe(200);
    const checklist = await server.request({ method: 'GET', url: `/api/task/${task.id}/checklist-items`, token: tasker!.token, headers: { 'accept-language': 'lt' } });
    expect(checklist.statusCode, checklist.body).toBe(200);
    const served = checklist.json<{ data: ChecklistItem[] }>().data;
    expect(served.map((i) => i.title)).toEqual(['Pieno lentynos nuotrauka', 'Nuskenuokite sąrašo prekes']);
    expect(served[0]?.description).toBe('Visa sekcija');

    // The scanner's "on the task's product list" check reads this list.
    const products = await server.request({ method: 'GET', url: `/api/task/${task.id}/products`, token: tasker!.token });
    expect(products.statusCode, products.body).toBe(200);
    expect(products.json<{ data: Product[] }>().data.map((p) => p.ean).sort()).toEqual([EAN_A, EAN_B].sort());
    const facings = await staff('GET', `/api/staff/tasks/${task.id}/authoring`);
    expect(facings.json<AuthoringTask>().products.find((p) => p.ean === EAN_A)?.expectedFacings).toBe(4);
  });

  it("a scan of a listed EAN is on the task's list for the review; any other code is unexpected", async () => {
    const task = await createLtTask({ products: [{ ean: EAN_A, name: 'Milk 1 l', expectedFacings: 4 }] });
    const [tasker] = await createTaskers(server, 1, 'LT');
    const now = server.clock.now();
    await server.db.updateTable('tasks').set({ status: 'in_progress', tasker_id: tasker!.id, reserved_at: now, start_time: now }).where('id', '=', task.id).execute();
    const at = now.toISOString();
    const scanned = await server.request({
      method: 'POST',
      url: `/api/task/${task.id}/scanned-items`,
      token: await server.tokenFor(tasker!.id),
      headers: { 'idempotency-key': randomUUID() },
      payload: { items: [{ id: randomUUID(), ean: EAN_A, facings: 3, timestamp: at }, { id: randomUUID(), ean: EAN_B, facings: 1, timestamp: at }] },
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const review = await staff('GET', `/api/staff/tasks/${task.id}`);
    expect(review.statusCode, review.body).toBe(200);
    const r = review.json<{ products: { ean: string; state: string; facings: number | null; expectedFacings: number | null }[]; unexpected: { ean: string }[] }>();
    expect(r.products).toEqual([expect.objectContaining({ ean: EAN_A, state: 'scanned', facings: 3, expectedFacings: 4 })]);
    expect(r.unexpected.map((u) => u.ean)).toEqual([EAN_B]);
  });

  it('refuses a CZ task of a type without cs texts (CHECKLIST_TRANSLATION_MISSING naming cs), saving nothing', async () => {
    await dairyType();
    const before = await server.db.selectFrom('tasks').select(server.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const res = await staff('POST', '/api/staff/tasks', windowBody(await placeIn('CZ')));
    expect(res.statusCode).toBe(420);
    const error = res.json<ApiErrorBody>().error;
    expect(error.code).toBe('CHECKLIST_TRANSLATION_MISSING');
    expect(error.message).toContain('cs');
    const after = await server.db.selectFrom('tasks').select(server.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('keeps a staff task of a seeded type in the market language (no English checklist for LT)', async () => {
    const res = await staff('POST', '/api/staff/tasks', { ...windowBody(await placeIn('LT')), taskTypeId: 'shelf-photo' });
    expect(res.statusCode, res.body).toBe(201);
    const items = await server.db.selectFrom('checklist_items').select('title').where('task_id', '=', res.json<Task>().id).execute();
    expect(items.map((i) => i.title)).toContain('Prisistatykite parduotuvės vadovui');
    expect(items.map((i) => i.title)).not.toContain('Check in with the store manager');
  });
});

describe('product lists', () => {
  it('checks every EAN with the GS1 rule, needs a name, refuses duplicates; a valid list replaces the old one', async () => {
    const task = await createLtTask();
    const bad = await staff('PUT', `/api/staff/tasks/${task.id}/products`, {
      products: [{ ean: EAN_BAD, name: 'Wrong digit' }, { ean: EAN_A, name: '' }, { ean: EAN_B, name: 'B' }, { ean: EAN_B, name: 'B again', expectedFacings: 100 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().error.fields).toEqual({ 'products.0.ean': 'EAN_INVALID', 'products.1.name': 'REQUIRED', 'products.3.ean': 'DUPLICATE', 'products.3.expectedFacings': 'FACINGS_INVALID' });
    expect(await server.db.selectFrom('task_products').select('product_id').where('task_id', '=', task.id).execute()).toEqual([]);

    // A known EAN keeps its catalog name; a new one is added under the name given.
    const known = (await server.db.selectFrom('products').select('name').where('ean', '=', EAN_B).executeTakeFirst())?.name ?? 'Yoghurt 400 g';
    const ok = await staff('PUT', `/api/staff/tasks/${task.id}/products`, { products: [{ ean: ` ${EAN_B} `, name: 'Yoghurt 400 g', expectedFacings: 2 }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<AuthoringTask>().products).toEqual([{ ean: EAN_B, name: known, brand: expect.any(String), expectedFacings: 2 }]);
    expect(await auditOf(task.id, 'task.products')).toMatchObject({ entity: 'task', country_code: 'LT', before: [], after: [{ ean: EAN_B }] });

    // The catalog is shared by every market: another list naming the same EAN does not rename it.
    const renamed = await staff('PUT', `/api/staff/tasks/${task.id}/products`, { products: [{ ean: EAN_B, name: 'Renamed by another list' }] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<AuthoringTask>().products).toEqual([{ ean: EAN_B, name: known, brand: expect.any(String), expectedFacings: null }]);
  });
});

describe('publication and edits', () => {
  const available = async (token: string, title: string) => {
    const res = await server.request({ method: 'GET', url: `/api/task?status=available&search=${encodeURIComponent(title)}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Task[] }>().data.map((t) => t.id);
  };

  it('an unpublished task is not listed, shown or reservable for taskers; publishing shows it again', async () => {
    const title = `Hidden ${randomUUID().slice(0, 8)}`;
    const task = await createLtTask({ title });
    const [tasker] = await createTaskers(server, 1, 'LT');
    expect(await available(tasker!.token, title)).toEqual([task.id]);

    const hidden = await staff('POST', `/api/staff/tasks/${task.id}/unpublish`);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<AuthoringTask>().published).toBe(false);
    expect(await available(tasker!.token, title)).toEqual([]);
    expect((await server.request({ method: 'GET', url: `/api/task/${task.id}`, token: tasker!.token })).statusCode).toBe(404);
    expect((await post(server, `/api/task/${task.id}/reserve`, tasker!.token)).statusCode).toBe(404);

    const shown = await staff('POST', `/api/staff/tasks/${task.id}/publish`);
    expect(shown.json<AuthoringTask>().published).toBe(true);
    expect(await available(tasker!.token, title)).toEqual([task.id]);
    expect((await auditRows(task.id)).map((a) => a.action)).toEqual(['task.create', 'task.publish', 'task.unpublish']);
  });

  it("unpublishing removes the task from the taskers' delta lists; publishing brings it back as changed", async () => {
    const task = await createLtTask();
    const [tasker] = await createTaskers(server, 1, 'LT');
    const sinceList = (since: string) => server.request({ method: 'GET', url: `/api/task?status=available&since=${since}`, token: tasker!.token });
    const full = await sinceList('');
    expect(full.statusCode, full.body).toBe(200);
    const cursor = full.json<{ cursor: string }>().cursor;
    expect((await staff('POST', `/api/staff/tasks/${task.id}/unpublish`)).statusCode).toBe(200);
    const removed = (await sinceList(cursor)).json<{ changed: Task[]; removed: string[]; cursor: string }>();
    expect(removed.removed).toContain(task.id);
    expect(removed.changed.map((t) => t.id)).not.toContain(task.id);
    expect((await staff('POST', `/api/staff/tasks/${task.id}/publish`)).statusCode).toBe(200);
    const back = (await sinceList(removed.cursor)).json<{ changed: Task[]; removed: string[] }>();
    expect(back.changed.map((t) => t.id)).toContain(task.id);
    expect(back.removed).not.toContain(task.id);
  });

  it('a task created unpublished stays hidden and is listed for staff as unpublished', async () => {
    const title = `Draft ${randomUUID().slice(0, 8)}`;
    const task = await createLtTask({ title, published: false });
    const [tasker] = await createTaskers(server, 1, 'LT');
    expect(await available(tasker!.token, title)).toEqual([]);
    const list = await staff('GET', `/api/staff/tasks?published=false&q=${encodeURIComponent(title)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: AuthoringTaskRow[] }>().data.map((r) => [r.id, r.published])).toEqual([[task.id, false]]);
  });

  it('PATCH edits the window and money of a free task (reward = base + bonus), then refuses once a tasker reserved it', async () => {
    const task = await createLtTask();
    const res = await staff('PATCH', `/api/staff/tasks/${task.id}`, { reward: '15.00', bonusReward: '2.50', timeWindowEnd: '2026-03-11T18:00:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<AuthoringTask>();
    expect(edited.reward.amount).toBe('15.00');
    expect(edited.bonusReward?.amount).toBe('2.50');
    expect(edited.timeWindowEnd).toBe('2026-03-11T18:00:00.000Z');
    const row = await server.db.selectFrom('tasks').select((eb) => [eb.cast<string>('reward', 'text').as('reward')]).where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(row.reward).toBe('17.50');
    expect(await auditOf(task.id, 'task.update')).toMatchObject({ before: { reward: '12.50', bonusReward: null }, after: { reward: '15.00', bonusReward: '2.50' } });

    const endBeforeStart = await staff('PATCH', `/api/staff/tasks/${task.id}`, { timeWindowEnd: '2026-03-11T07:00:00Z' });
    expect(endBeforeStart.statusCode).toBe(400);
    expect(endBeforeStart.json<ApiErrorBody>().error.fields).toEqual({ timeWindowEnd: 'BEFORE_START' });

    const [tasker] = await createTaskers(server, 1, 'LT');
    expect((await post(server, `/api/task/${task.id}/reserve`, tasker!.token)).statusCode).toBe(200);
    const refused = await staff('PATCH', `/api/staff/tasks/${task.id}`, { reward: '1.00' });
    expect(refused.statusCode).toBe(420);
    expect(refused.json<ApiErrorBody>().error.code).toBe('TASK_ALREADY_TAKEN');
    expect((await staff('POST', `/api/staff/tasks/${task.id}/unpublish`)).statusCode).toBe(420);
    expect((await staff('PUT', `/api/staff/tasks/${task.id}/products`, { products: [] })).statusCode).toBe(420);
  });

  it('limits a market-bound author to their markets', async () => {
    const task = await createLtTask();
    const plAuthor = await insertStaff(server, ['author'], { markets: ['PL'] });
    const res = await staff('PATCH', `/api/staff/tasks/${task.id}`, { reward: '1.00' }, bearer(plAuthor.token));
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>().error.code).toBe('STAFF_MARKET_REFUSED');
    const list = await staff('GET', '/api/staff/tasks?limit=200', undefined, bearer(plAuthor.token));
    expect(list.json<{ data: AuthoringTaskRow[] }>().data.every((r) => r.countryCode === 'PL')).toBe(true);
    expect((await staff('GET', '/api/staff/tasks?country=LT', undefined, bearer(plAuthor.token))).statusCode).toBe(403);
    // Task types serve every market: a market-bound author may not create or rewrite one.
    const created = await staff('POST', '/api/staff/task-types', { texts: { en: { title: 'PL only type' } }, checklist: [{ type: 'plain', isOptional: false, metadata: {}, texts: { en: { title: 'Tick' } } }] }, bearer(plAuthor.token));
    expect(created.statusCode).toBe(403);
    const rewrite = await staff('PUT', '/api/staff/task-types/shelf-photo/checklist', { items: [{ type: 'plain', isOptional: false, metadata: {}, texts: { en: { title: 'Tick' } } }] }, bearer(plAuthor.token));
    expect(rewrite.statusCode).toBe(403);
    expect(rewrite.json<ApiErrorBody>().error.code).toBe('STAFF_MARKET_REFUSED');
    // The import finds places by name in the author's markets only: an LT store is unknown to a PL author.
    const lt = await server.db.selectFrom('places').select(['title', 'city']).where('country_code', '=', 'LT').orderBy('id').executeTakeFirstOrThrow();
    const csv = `placeTitle,placeCity,taskTypeId,timeWindowStart,timeWindowEnd,reward\n"${lt.title}",${lt.city},shelf-photo,2026-03-12T08:00:00Z,2026-03-12T16:00:00Z,10.00`;
    const imported = await staff('POST', '/api/staff/tasks/import', { csv, dryRun: true }, bearer(plAuthor.token));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<{ rows: ImportRow[] }>().rows[0]?.errors).toMatchObject({ placeTitle: 'NOT_FOUND' });
  });
});

describe('CSV import', () => {
  const header = 'placeId,placeTitle,placeCity,taskTypeId,title,timeWindowStart,timeWindowEnd,reward,bonusReward,expectedDuration,descriptiveComment,products';
  async function csvRows(): Promise<{ good: string[]; ltPlace: { id: string; title: string; city: string } }> {
    await dairyType();
    const lt = await server.db.selectFrom('places').select(['id', 'title', 'city']).where('country_code', '=', 'LT').orderBy('id').executeTakeFirstOrThrow();
    // The EANs must be known products: put them on a list first.
    const task = await createLtTask({ products: [{ ean: EAN_A, name: 'Milk 1 l' }, { ean: EAN_B, name: 'Kefir' }] });
    expect(task.id).toBeTruthy();
    const same = await server.db.selectFrom('places').select('id').where('title', '=', lt.title).where('city', '=', lt.city).execute();
    expect(same.length).toBe(1);
    return {
      ltPlace: lt,
      good: [
        `${lt.id},,,${typeId},Import one,2026-03-12T08:00:00+02:00,2026-03-12T16:00:00+02:00,10.00,,45,"Comma, inside",${EAN_A}|${EAN_B}`,
        `,"${lt.title}",${lt.city},${typeId},,2026-03-13T08:00:00Z,2026-03-13T12:00:00Z,9.50,1.00,,,${EAN_A} ${EAN_B}`,
      ],
    };
  }

  const taskCount = async () => Number((await server.db.selectFrom('tasks').select(server.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('a dry run with bad rows answers per-row errors and saves nothing; committing with a bad row saves nothing either', async () => {
    const { good } = await csvRows();
    const cz = await placeIn('CZ');
    const csv = [
      header,
      ...good,
      `${good[0]!.split(',')[0]},,,${typeId},Bad EAN,2026-03-12T08:00:00Z,2026-03-12T16:00:00Z,10.00,,,,${EAN_BAD}`,
      `${good[0]!.split(',')[0]},,,${typeId},Ends first,2026-03-12T16:00:00Z,2026-03-12T08:00:00Z,10.00,,,,`,
      `,Nowhere store,Nowhere,${typeId},Unknown place,2026-03-12T08:00:00Z,2026-03-12T16:00:00Z,10.00,,,,`,
      `${cz},,,${typeId},No Czech texts,2026-03-12T08:00:00Z,2026-03-12T16:00:00Z,10.00,,,,`,
    ].join('\r\n');
    const before = await taskCount();
    const dry = await staff('POST', '/api/staff/tasks/import', { csv, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const answer = dry.json<{ rows: ImportRow[]; created: number }>();
    expect(answer.created).toBe(0);
    expect(answer.rows.map((r) => [r.line, r.ok, r.errors ?? null])).toEqual([
      [2, true, null],
      [3, true, null],
      [4, false, { products: 'EAN_INVALID' }],
      [5, false, { timeWindowEnd: 'BEFORE_START' }],
      [6, false, { placeTitle: 'NOT_FOUND' }],
      [7, false, { taskTypeId: 'CHECKLIST_TRANSLATION_MISSING' }],
    ]);
    expect(answer.rows[0]?.task).toMatchObject({ id: null, title: 'Import one', reward: { amount: '10.00', currencyCode: 'EUR' }, products: [EAN_A, EAN_B], expectedDuration: 45 });
    expect(answer.rows[1]?.task).toMatchObject({ bonusReward: { amount: '1.00' }, expectedDuration: 60 });

    const committed = await staff('POST', '/api/staff/tasks/import', { csv, dryRun: false });
    expect(committed.statusCode).toBe(200);
    expect(committed.json<{ created: number }>().created).toBe(0);
    expect(await taskCount()).toBe(before);
  });

  it('commits when every row is valid: the tasks with their products, each audited', async () => {
    const { good } = await csvRows();
    const before = await taskCount();
    const res = await staff('POST', '/api/staff/tasks/import', { csv: [header, ...good].join('\n'), dryRun: false });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ rows: ImportRow[]; created: number }>();
    expect(answer.created).toBe(2);
    expect(await taskCount()).toBe(before + 2);
    const ids = answer.rows.map((r) => r.task?.id as string);
    const products = await server.db.selectFrom('task_products').select('task_id').where('task_id', 'in', ids).execute();
    expect(products.length).toBe(4);
    const items = await server.db.selectFrom('checklist_items').select('title').where('task_id', '=', ids[0]!).orderBy('position').execute();
    expect(items.map((i) => i.title)).toEqual(['Pieno lentynos nuotrauka', 'Nuskenuokite sąrašo prekes']);
    const comment = await server.db.selectFrom('tasks').select('descriptive_comment').where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    expect(comment.descriptive_comment).toBe('Comma, inside');
    expect((await auditRows(ids[1]!)).map((a) => [a.action, a.country_code])).toEqual([['task.import', 'LT']]);
    // Both rows are at one store: its market's taskers are told once, not once per row.
    const told = await notificationsDb(server.db).selectFrom('notifications').select('resource_id').where('type', '=', 'new_task_nearby').where('resource_id', 'in', ids).execute();
    expect(new Set(told.map((n) => n.resource_id))).toEqual(new Set([ids[0]]));
  });

  it('refuses a file that is not CSV, has unknown columns or too many rows, with a 400', async () => {
    await dairyType();
    const unknown = await staff('POST', '/api/staff/tasks/import', { csv: 'placeId,colour\nx,red', dryRun: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiErrorBody>().error.fields).toEqual({ csv: 'INVALID' });
    const ragged = await staff('POST', '/api/staff/tasks/import', { csv: 'placeId,taskTypeId\na,b,c', dryRun: true });
    expect(ragged.statusCode).toBe(400);
    const many = await staff('POST', '/api/staff/tasks/import', { csv: ['taskTypeId', ...Array.from({ length: 1001 }, () => 'x')].join('\n'), dryRun: true });
    expect(many.statusCode).toBe(400);
    expect(many.json<ApiErrorBody>().error.fields).toEqual({ csv: 'TOO_MANY' });
    expect((await staff('POST', '/api/staff/tasks/import', { dryRun: true })).statusCode).toBe(400);
    // A file over the import's size (past the app-wide 1 MiB body limit) is the import's own refusal, not a bare 413.
    const large = await staff('POST', '/api/staff/tasks/import', { csv: `taskTypeId\n${'x'.repeat(2 * 1024 * 1024 + 10)}`, dryRun: true });
    expect(large.statusCode).toBe(400);
    expect(large.json<ApiErrorBody>().error.fields).toEqual({ csv: 'TOO_LONG' });
  });
});

describe('places', () => {
  it('an admin corrects a place (only the fields sent), audited; coordinates out of range and other markets refused', async () => {
    const retailer = await server.db.selectFrom('retailers').select('id').orderBy('id').executeTakeFirstOrThrow();
    const created = await staff('POST', '/api/staff/places', { title: 'Corner shop', address: 'Gedimino pr. 1', city: 'Vilnius', retailerId: retailer.id, countryCode: 'LT', latitude: 54.68, longitude: 25.28 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const moved = await staff('PATCH', `/api/staff/places/${id}`, { latitude: 54.69, address: 'Gedimino pr. 3' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id, title: 'Corner shop', address: 'Gedimino pr. 3', coordinates: { latitude: 54.69, longitude: 25.28 } });
    expect(await auditOf(id, 'place.update')).toMatchObject({ entity: 'place', country_code: 'LT', before: { address: 'Gedimino pr. 1' }, after: { address: 'Gedimino pr. 3' } });

    const far = await staff('PATCH', `/api/staff/places/${id}`, { latitude: 91 });
    expect(far.statusCode).toBe(400);
    expect(far.json<ApiErrorBody>().error.fields).toEqual({ latitude: 'OUT_OF_RANGE' });
    const plAdmin = await insertStaff(server, ['admin'], { markets: ['PL'] });
    expect((await staff('PATCH', `/api/staff/places/${id}`, { title: 'x' }, bearer(plAdmin.token))).statusCode).toBe(403);
    const listed = await staff('GET', `/api/staff/places?country=LT&q=${encodeURIComponent('Corner shop')}`);
    expect(listed.json<{ data: { id: string }[]; total: number }>()).toMatchObject({ data: [{ id }], total: 1 });
  });
});

describe('roles', () => {
  it('authoring routes refuse a member without the role and accept one with it', async () => {
    const support = await insertStaff(server, ['support']);
    const author = await insertStaff(server, ['author']);
    const admin = await insertStaff(server, ['admin']);
    const reviewer = await insertStaff(server, ['reviewer']);
    for (const url of ['/api/staff/task-types', '/api/staff/places', '/api/staff/retailers']) {
      expect((await staff('GET', url, undefined, bearer(support.token))).statusCode, url).toBe(403);
      expect((await staff('GET', url, undefined, bearer(author.token))).statusCode, url).toBe(200);
      expect((await staff('GET', url, undefined, bearer(admin.token))).statusCode, url).toBe(200);
    }
    expect((await staff('GET', '/api/staff/tasks', undefined, bearer(reviewer.token))).statusCode).toBe(200);
    expect((await staff('GET', '/api/staff/tasks', undefined, bearer(admin.token))).statusCode).toBe(403);
    expect((await staff('POST', '/api/staff/tasks/import', { csv: 'taskTypeId\nx', dryRun: true }, bearer(reviewer.token))).statusCode).toBe(403);
  });
});
