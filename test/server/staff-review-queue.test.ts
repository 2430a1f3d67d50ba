/**
 * Task review for staff: the queue of tasks awaiting confirmation (oldest finished first, the
 * filters, the cursor, the reviewer's markets) and one task's review — photos with signed links
 * that open, the checklist states, the scans against the product list (missing, unexpected, zero
 * facing), defects and blockers, the start and its distance, the late flag and earlier tasks at
 * the same place.
 */
import { TASK_TYPE_TEXTS } from '../../server/db/seed-i18n';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { errorOf, jpegBytes, newId, postJson, putJpeg, sha256, taskInStatus } from './execution-fixtures';
import { createTask, createTaskers, firstPlace, STAFF, type Tasker } from './lifecycle-fixtures';
import { execDb } from '../../server/execution/tables';
import { signStaffAccessToken } from '../../server/http/accessTokens';
import type { PhotoUploadTarget } from '#domain/types';
import type { ReviewQueueItem, TaskReview } from '../../server/review/queries';
import { compareScans } from '../../server/review/scans';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});
afterEach(() => {
  server.clock.set(SEED_TIME);
});

const get = (url: string, headers: Record<string, string> = STAFF) => server.request({ method: 'GET', url, headers });

async function queue(query: string, headers: Record<string, string> = STAFF): Promise<{ data: ReviewQueueItem[]; nextCursor: string | null; total: number }> {
  const res = await get(`/api/staff/review-queue${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A staff member with roles and markets, and a bearer for them. */
async function member(roles: string[], markets: string[]): Promise<Record<string, string>> {
  const id = randomUUID();
  const now = server.clock.now();
  await server.db
    .insertInto('staff_accounts')
    .values({ id, email: `rev-${id}@staff.test`, name: 'Reviewer', roles: JSON.stringify(roles), markets: JSON.stringify(markets), active: true, created_at: now, updated_at: now, last_login_at: null })
    .execute();
  return { authorization: `Bearer ${await signStaffAccessToken(server.context.tokens, id, now)}` };
}

/** A new place of a new retailer in `country`, so a test owns every task in it. */
async function newPlace(country = 'LT'): Promise<{ placeId: string; retailerId: string }> {
  const retailerId = `ret-${randomUUID()}`;
  const placeId = randomUUID();
  await server.db.insertInto('retailers').values({ id: retailerId, name: 'Test Mart', logo: null }).execute();
  await server.db
    .insertInto('places')
    .values({ id: placeId, title: 'Test Mart Centre', address: 'Gedimino pr. 1', city: 'Vilnius', country_code: country, latitude: 54.6872, longitude: 25.2797, retailer_id: retailerId, created_at: server.clock.now() })
    .execute();
  return { placeId, retailerId };
}

/**
 * A task at `placeId` moved to awaiting confirmation in the database: finished at `finished`,
 * delivered at `delivered` (the completion row's time), window ending at `end`.
 */
async function awaiting(placeId: string, o: { finished: string; delivered?: string; end?: string; taskTypeId?: string; tasker?: Tasker }): Promise<string> {
  const tasker = o.tasker ?? ((await createTaskers(server, 1))[0] as Tasker);
  const task = await createTask(server, { placeId, start: '2026-03-10T08:00:00Z', end: o.end ?? '2026-03-10T16:00:00Z', taskTypeId: o.taskTypeId ?? 'shelf-photo' });
  const delivered = new Date(o.delivered ?? o.finished);
  await server.db
    .updateTable('tasks')
    .set({ status: 'awaiting_confirmation', tasker_id: tasker.id, start_time: new Date('2026-03-10T08:30:00Z'), end_time: new Date(o.finished), finalization_time: delivered })
    .where('id', '=', task.id)
    .execute();
  await execDb(server.db)
    .insertInto('task_completions')
    .values({ task_id: task.id, user_id: tasker.id, outcome: 'complete', reason: null, policy_agreed: false, blocker_ids: '[]', created_at: delivered })
    .execute();
  return task.id;
}

describe('GET /api/staff/review-queue', () => {
  it('lists tasks awaiting confirmation oldest finished first, with place, tasker, late flag and counts; other statuses are not listed', async () => {
    const { placeId, retailerId } = await newPlace();
    const b = await awaiting(placeId, { finished: '2026-03-10T12:00:00Z' });
    const a = await awaiting(placeId, { finished: '2026-03-10T10:00:00Z' });
    const c = await awaiting(placeId, { finished: '2026-03-10T15:00:00Z', delivered: '2026-03-10T18:00:00Z' });
    const inProgress = (await taskInStatus(server)).taskId;
    await server.db.updateTable('tasks').set({ place_id: placeId }).where('id', '=', inProgress).execute();

    const page = await queue(`?placeId=${placeId}`);
    expect(page.data.map((t) => t.id)).toEqual([a, b, c]);
    expect(page.nextCursor).toBeNull();
    const first = page.data[0] as ReviewQueueItem;
    expect(first).toMatchObject({
      id: a,
      country: 'LT',
      place: { id: placeId, title: 'Test Mart Centre', city: 'Vilnius', retailer: { id: retailerId, name: 'Test Mart' } },
      taskType: { id: 'shelf-photo' },
      tasker: { name: 'Test Tasker' },
      finishedAt: '2026-03-10T10:00:00.000Z',
      late: false,
      outcome: 'complete',
      reward: '20.00',
      currencyCode: 'EUR',
      counts: { photos: 0, scans: 0, defects: 0 },
    });
    expect(page.data.map((t) => t.late)).toEqual([false, false, true]);
  });

  it('filters by late delivery, retailer, task type and market, and pages with a cursor', async () => {
    const { placeId, retailerId } = await newPlace();
    const onTime = await awaiting(placeId, { finished: '2026-03-10T09:00:00Z' });
    const late = await awaiting(placeId, { finished: '2026-03-10T09:30:00Z', delivered: '2026-03-10T17:00:00Z' });
    const scan = await awaiting(placeId, { finished: '2026-03-10T11:00:00Z', taskTypeId: 'sku-scan' });

    expect((await queue(`?placeId=${placeId}&late=true`)).data.map((t) => t.id)).toEqual([late]);
    expect((await queue(`?placeId=${placeId}&late=false`)).data.map((t) => t.id)).toEqual([onTime, scan]);
    expect((await queue(`?retailerId=${retailerId}`)).data.map((t) => t.id)).toEqual([onTime, late, scan]);
    expect((await queue(`?retailerId=${retailerId}&taskTypeId=sku-scan`)).data.map((t) => t.id)).toEqual([scan]);
    expect((await queue(`?retailerId=${retailerId}&country=PL`)).data).toEqual([]);
    expect((await queue(`?retailerId=${retailerId}&country=lt`)).data).toHaveLength(3);

    const one = await queue(`?retailerId=${retailerId}&limit=2`);
    expect(one.data.map((t) => t.id)).toEqual([onTime, late]);
    expect(one.nextCursor).toEqual(expect.any(String));
    expect(one.total).toBe(3);
    const two = await queue(`?retailerId=${retailerId}&limit=2&cursor=${one.nextCursor}`);
    expect(two.data.map((t) => t.id)).toEqual([scan]);
    expect(two.nextCursor).toBeNull();
    expect(two.total).toBe(3);
    expect((await queue(`?retailerId=${retailerId}&late=true`)).total).toBe(1);
  });

  it('refuses bad filters with 400 and the field', async () => {
    for (const [query, field] of [
      ['?country=XX', 'country'],
      ['?late=maybe', 'late'],
      ['?limit=0', 'limit'],
      ['?cursor=nonsense', 'cursor'],
      // Strings Date.parse accepts but PostgreSQL does not read as a timestamp.
      [`?cursor=${Buffer.from(JSON.stringify(['2026', 'x'])).toString('base64url')}`, 'cursor'],
      [`?cursor=${Buffer.from(JSON.stringify([new Date().toString(), 'x'])).toString('base64url')}`, 'cursor'],
      ['?country=LT&country=PL', 'country'],
    ] as const) {
      const res = await get(`/api/staff/review-queue${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), query).toContain(field);
    }
  });

  it('shows a reviewer limited to LT only LT tasks, refuses PL and refuses every other role', async () => {
    const lt = await newPlace('LT');
    const pl = await newPlace('PL');
    const ltTask = await awaiting(lt.placeId, { finished: '2026-03-10T09:00:00Z' });
    const plTask = await awaiting(pl.placeId, { finished: '2026-03-10T09:00:00Z' });
    const ltReviewer = await member(['reviewer'], ['LT']);

    const all = await queue('?limit=200', ltReviewer);
    expect(all.data.map((t) => t.id)).toContain(ltTask);
    expect(all.data.map((t) => t.id)).not.toContain(plTask);
    expect(all.data.every((t) => t.country === 'LT')).toBe(true);
    expect((await queue('?limit=200')).data.map((t) => t.id)).toContain(plTask);

    const refused = await get('/api/staff/review-queue?country=PL', ltReviewer);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('STAFF_MARKET_REFUSED');
    const review = await get(`/api/staff/tasks/${plTask}`, ltReviewer);
    expect(review.statusCode).toBe(403);
    expect(errorOf(review).code).toBe('STAFF_MARKET_REFUSED');
    expect((await get(`/api/staff/tasks/${ltTask}`, ltReviewer)).statusCode).toBe(200);

    for (const role of ['admin', 'author', 'onboarding', 'finance', 'support']) {
      const other = await member([role], []);
      for (const url of ['/api/staff/review-queue', `/api/staff/tasks/${ltTask}`]) {
        const res = await get(url, other);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(errorOf(res).code).toBe('STAFF_ROLE_REQUIRED');
      }
    }
    // Any one of a member's roles suffices.
    expect((await get(`/api/staff/tasks/${ltTask}`, await member(['support', 'reviewer'], []))).statusCode).toBe(200);
    expect((await get('/api/staff/review-queue', {})).statusCode).toBe(401);
    const tasker = (await createTaskers(server, 1))[0] as Tasker;
    expect((await get('/api/staff/review-queue', { authorization: `Bearer ${tasker.token}` })).statusCode).toBe(401);
  });
});

describe('GET /api/staff/tasks/:id', () => {
  it('shows everything the tasker sent: photos that open, checklist states, scans against the list, defects, blockers, start distance, earlier tasks', async () => {
    const { placeId } = await newPlace();
    const tasker = (await createTaskers(server, 1))[0] as Tasker;
    const earlier = await awaiting(placeId, { finished: '2026-03-09T10:00:00Z', tasker });

    const task = await createTask(server, { placeId, start: '2026-03-10T08:00:00Z', end: '2026-03-10T16:00:00Z', taskTypeId: 'sku-scan', reward: '25.50' });
    // Started 8:30, about 150 m north of the store.
    await server.db
      .updateTable('tasks')
      .set({ status: 'in_progress', tasker_id: tasker.id, reserved_at: server.clock.now(), start_time: new Date('2026-03-10T08:30:00Z'), start_received_at: new Date('2026-03-10T08:31:00Z'), start_latitude: 54.6885, start_longitude: 25.2797 })
      .where('id', '=', task.id)
      .execute();
    const products = await server.db.selectFrom('products').select(['id', 'ean', 'name']).orderBy('ean').limit(4).execute();
    expect(products.length).toBe(4);
    const [p1, p2, p3, p4] = products as [(typeof products)[0], (typeof products)[0], (typeof products)[0], (typeof products)[0]];
    await server.db.insertInto('task_products').values([p1, p2, p3].map((p) => ({ task_id: task.id, product_id: p.id }))).execute();
    // The list's expected facings, where the schema has them (task_products.expected_facings).
    const hasExpected = (await sql<{ n: number }>`select count(*)::int as n from information_schema.columns where table_name = 'task_products' and column_name = 'expected_facings'`.execute(server.db)).rows[0]?.n === 1;
    if (hasExpected) await sql`update task_products set expected_facings = 4 where task_id = ${task.id} and product_id = ${p1.id}`.execute(server.db);

    const token = await server.tokenFor(tasker.id);
    const posted = await postJson(server, `/api/task/${task.id}/photos`, token, { photos: [{ id: newId(), comment: 'left bay', tags: ['before'] }, { id: newId(), comment: '', tags: ['after'] }] });
    expect(posted.statusCode, posted.body).toBe(200);
    const [uploaded, pending] = posted.json<{ data: PhotoUploadTarget[] }>().data as [PhotoUploadTarget, PhotoUploadTarget];
    const bytes = jpegBytes(4096);
    expect((await putJpeg(server, uploaded.presignedUrl, bytes)).statusCode).toBe(200);

    const at = '2026-03-10T09:00:00.000Z';
    const scans = [
      { id: newId(), ean: p1.ean, facings: 3, timestamp: at },
      { id: newId(), ean: p2.ean, facings: 0, timestamp: at },
      { id: newId(), ean: p4.ean, facings: 2, timestamp: at },
      { id: newId(), ean: '4006381333931', facings: 1, timestamp: at },
    ];
    const scanned = await postJson(server, `/api/task/${task.id}/scanned-items`, token, { items: scans });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const defects = await server.db.selectFrom('defects').select(['id', 'name', 'type']).orderBy('id').execute();
    const regular = defects.find((d) => d.type === 'regular')!;
    const blocker = defects.find((d) => d.type === 'task_blocker')!;
    await server.db.insertInto('task_defects').values({ task_id: task.id, defect_id: regular.id, checked: true }).execute();
    const checklist = await server.db.selectFrom('checklist_items').select(['id', 'position']).where('task_id', '=', task.id).orderBy('position').execute();
    expect(checklist.length).toBeGreaterThan(1);
    await server.db.updateTable('tasks').set({ done_checklist_item_ids: JSON.stringify([checklist[0]!.id]) }).where('id', '=', task.id).execute();

    server.clock.set('2026-03-10T17:05:00Z');
    const done = await postJson(server, `/api/task/${task.id}/complete`, await server.tokenFor(tasker.id), { taskerComment: 'shelf half empty' });
    expect(done.statusCode, done.body).toBe(200);
    await execDb(server.db).updateTable('task_completions').set({ blocker_ids: JSON.stringify([blocker.id]) }).where('task_id', '=', task.id).execute();

    const res = await get(`/api/staff/tasks/${task.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<TaskReview>();
    expect(r).toMatchObject({
      id: task.id,
      status: 'awaiting_confirmation',
      place: { id: placeId, retailer: { name: 'Test Mart' } },
      tasker: { id: tasker.id, name: 'Test Tasker' },
      start: { at: '2026-03-10T08:30:00.000Z', receivedAt: '2026-03-10T08:31:00.000Z', latitude: 54.6885, longitude: 25.2797 },
      completion: { outcome: 'complete', taskerComment: 'shelf half empty' },
      money: { currencyCode: 'EUR', reward: '25.50', reducedReward: null },
      outcome: null,
    });
    // 0.0013° of latitude is about 145 m.
    expect(r.start.distanceMeters).toBeGreaterThan(130);
    expect(r.start.distanceMeters).toBeLessThan(160);
    // Recorded at 17:05 server time, after the 16:00 window end (no recorded-at header): delivered late.
    expect(r.late).toBe(true);
    expect(r.deliveredAt).toBe('2026-03-10T17:05:00.000Z');

    // Both were created at the same instant: compare them by id.
    const photos = Object.fromEntries(r.photos.map((p) => [p.id, p]));
    expect(r.photos).toHaveLength(2);
    expect(photos[uploaded.photo.id]).toMatchObject({ comment: 'left bay', tags: ['before'], url: expect.stringMatching(/^\/api\/photos\/.+\/file\?exp=\d+&sig=/) });
    expect(photos[pending.photo.id]).toMatchObject({ comment: '', tags: ['after'], url: null });
    const file = await server.request({ method: 'GET', url: photos[uploaded.photo.id]!.url as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(sha256(file.rawPayload)).toBe(sha256(bytes));

    expect(r.checklist.map((c) => c.done)).toEqual(checklist.map((_, i) => i === 0));
    expect(Object.fromEntries(r.products.map((p) => [p.ean, [p.facings, p.state]]))).toEqual({
      [p1.ean]: [3, 'scanned'],
      [p2.ean]: [0, 'zero_facing'],
      [p3.ean]: [null, 'missing'],
    });
    expect(r.products).toHaveLength(3);
    expect(r.products.find((p) => p.ean === p1.ean)?.expectedFacings).toBe(hasExpected ? 4 : null);
    expect(r.products.find((p) => p.ean === p2.ean)?.expectedFacings).toBeNull();
    const unexpected = Object.fromEntries(r.unexpected.map((u) => [u.ean, u]));
    expect(unexpected[p4.ean]).toEqual({ ean: p4.ean, name: p4.name, facings: 2, zeroFacing: false });
    expect(Object.keys(unexpected).sort()).toEqual([p4.ean, '4006381333931'].sort());
    expect(r.scans).toHaveLength(4);
    expect(r.defects).toEqual([{ id: regular.id, name: regular.name, type: 'regular' }]);
    expect(r.blockers).toEqual([{ id: blocker.id, name: blocker.name, type: 'task_blocker' }]);
    expect(r.earlier.map((e) => [e.id, e.status])).toEqual([[earlier, 'awaiting_confirmation']]);

    // The queue row counts the same work.
    const row = (await queue(`?placeId=${placeId}`)).data.find((t) => t.id === task.id);
    expect(row).toMatchObject({ late: true, counts: { photos: 2, scans: 4, defects: 1 } });
  });

  it('shows the decision once made, with who made it from the audit trail, and the task leaves the queue', async () => {
    const { placeId } = await newPlace();
    const taskId = await awaiting(placeId, { finished: '2026-03-10T10:00:00Z' });
    const rejected = await server.request({
      method: 'POST',
      url: `/api/staff/tasks/${taskId}/reject`,
      headers: { ...STAFF, 'idempotency-key': newId() },
      payload: { resultComment: 'Photos blurry', reducedReward: '5.00' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const r = (await get(`/api/staff/tasks/${taskId}`)).json<TaskReview>();
    expect(r.status).toBe('rejected');
    expect(r.outcome).toEqual({ status: 'rejected', resultComment: 'Photos blurry', decidedAt: SEED_TIME, decidedBy: server.config.staffAutomationName });
    expect(r.money.reducedReward).toBe('5.00');
    expect((await queue(`?placeId=${placeId}`)).data).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'x'.repeat(150), 'no%20such']) {
      const res = await get(`/api/staff/tasks/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).code).toBe('TASK_NOT_FOUND');
    }
  });

  it("names the task type in the reader's language (Accept-Language), English otherwise", async () => {
    const { placeId } = await newPlace();
    const id = await awaiting(placeId, { finished: '2026-03-10T10:00:00Z', taskTypeId: 'sku-scan' });
    const lt = { ...STAFF, 'accept-language': 'lt' };
    expect((await queue(`?placeId=${placeId}`, lt)).data[0]?.taskType.title).toBe(TASK_TYPE_TEXTS['sku-scan']?.lt?.title);
    expect((await get(`/api/staff/tasks/${id}`, lt)).json<{ taskType: { title: string } }>().taskType.title).toBe(TASK_TYPE_TEXTS['sku-scan']?.lt?.title);
    expect((await get(`/api/staff/tasks/${id}`)).json<{ taskType: { title: string } }>().taskType.title).toBe('SKU scan with facings');
  });

  it('the review of a seeded task awaiting confirmation answers (first place)', async () => {
    const placeId = await firstPlace(server);
    const seeded = await server.db.selectFrom('tasks').select('id').where('status', '=', 'awaiting_confirmation').where('place_id', '=', placeId).executeTakeFirst();
    const any = seeded ?? (await server.db.selectFrom('tasks').select('id').where('status', '=', 'awaiting_confirmation').executeTakeFirstOrThrow());
    expect((await get(`/api/staff/tasks/${any.id}`)).statusCode).toBe(200);
  });
});

describe('compareScans', () => {
  it('marks listed products scanned, missing or zero-facing and sums repeated codes; unlisted codes are unexpected', () => {
    const list = [
      { ean: 'A', name: 'a', brand: 'x', expectedFacings: 2 },
      { ean: 'B', name: 'b', brand: 'x', expectedFacings: null },
      { ean: 'C', name: 'c', brand: 'x', expectedFacings: null },
    ];
    const out = compareScans(list, [
      { ean: 'A', facings: 1 },
      { ean: 'A', facings: 2 },
      { ean: 'B', facings: 0 },
      { ean: 'Z', facings: 0 },
    ]);
    expect(out.listed.map((p) => [p.ean, p.facings, p.state])).toEqual([
      ['A', 3, 'scanned'],
      ['B', 0, 'zero_facing'],
      ['C', null, 'missing'],
    ]);
    expect(out.unexpected).toEqual([{ ean: 'Z', facings: 0, zeroFacing: true }]);
  });
});
