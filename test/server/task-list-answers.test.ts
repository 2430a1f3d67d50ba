/**
 * Stored task list answers (server/sync/listAnswers.ts, decision 0010): an unchanged
 * page of GET /api/task goes out as the bytes made the first time, with an ETag (304 on
 * If-None-Match) and compressed once. These tests are about what must never happen: an answer
 * surviving a change — written by another API process (a second app on the same database, with
 * its own stores), straight into the database, or a clock that moved a reserved task's window —
 * or crossing to another viewer, approval state, market language, position or encoding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from './helpers';
import { createTask, createTaskers, firstPlace, post, type Tasker } from './lifecycle-fixtures';
import { answersEnabled, chooseEncoding, etagMatches, listAnswers } from '../../server/sync/listAnswers';
import type { Page, Task } from '#domain/types';

let server: TestServer;
/** A second API process on the same database: its own stored answers and reference cache. */
let other: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer();
  other = await server.withConfig({});
});
afterAll(async () => {
  await server?.close();
});

const stats = () => ({ ...listAnswers(server.context.db).stats });

async function get(url: string, who: Tasker, headers: Record<string, string> = {}, app?: FastifyInstance): Promise<LightMyRequestResponse> {
  who.token = await server.tokenFor(who.id);
  const options = { method: 'GET' as const, url, headers: { ...headers, authorization: `Bearer ${who.token}` } };
  return app ? app.inject(options) : server.request(options);
}

function decoded(res: LightMyRequestResponse): string {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (enc === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

async function page(url: string, who: Tasker, app?: FastifyInstance): Promise<Page<Task>> {
  const res = await get(url, who, { 'accept-encoding': 'gzip, deflate, br, zstd' }, app);
  expect(res.statusCode).toBe(200);
  return JSON.parse(decoded(res)) as Page<Task>;
}

async function userIdOf(email: string): Promise<string> {
  return (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

describe('stored task list answers', () => {
  it('an unchanged list is served from the stored answer: same JSON, an ETag, 304 on If-None-Match', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const url = '/api/task?status=available&first=50';
    const before = stats();
    const first = await get(url, me, { 'accept-encoding': 'br' });
    const second = await get(url, me, { 'accept-encoding': 'br' });
    expect(stats().misses - before.misses).toBe(1);
    expect(stats().hits - before.hits).toBe(1);
    expect(decoded(second)).toBe(decoded(first));
    const etag = second.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.etag).toBe(etag);
    const notModified = await get(url, me, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers['cache-control']).toBe('no-store');
  });

  it('the same JSON in br, gzip and identity, chosen by Accept-Encoding, with Vary', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const url = '/api/task?status=available&first=20';
    const br = await get(url, me, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await get(url, me, { 'accept-encoding': 'gzip' });
    const plain = await get(url, me);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toContain('accept-encoding');
    expect(decoded(br)).toBe(plain.body);
    expect(decoded(gzip)).toBe(plain.body);
    expect((JSON.parse(plain.body) as Page<Task>).data.length).toBe(20);
  });

  it('a change made by another API process is seen at once: a new title, a task reserved away, a new task', async () => {
    const [me, them] = (await createTaskers(server, 2)) as [Tasker, Tasker];
    const url = '/api/task?status=available&first=50';
    const start = new Date(server.clock.now().getTime() + 5 * 86_400_000).toISOString();
    const end = new Date(server.clock.now().getTime() + 5 * 86_400_000 + 4 * 3_600_000).toISOString();
    const task = await createTask(server, { start, end });
    expect((await page(url, me)).data.some((t) => t.id === task.id)).toBe(true);
    // Another process renames it (any write stamps change_xid; this process's stores know nothing).
    await server.db.updateTable('tasks').set({ title: 'Renamed by another process' }).where('id', '=', task.id).execute();
    expect((await page(url, me)).data.find((t) => t.id === task.id)?.title).toBe('Renamed by another process');
    // Reserved by another tasker through the other process: it leaves my available list.
    expect((await page(url, me)).data.some((t) => t.id === task.id)).toBe(true);
    them.token = await server.tokenFor(them.id);
    const reserved = await other.inject({ method: 'POST', url: `/api/task/${task.id}/reserve`, headers: { authorization: `Bearer ${them.token}`, 'idempotency-key': crypto.randomUUID() } });
    expect(reserved.statusCode).toBe(200);
    expect((await page(url, me)).data.some((t) => t.id === task.id)).toBe(false);
    // The other process's own stored answer of my list is checked too.
    const seenThere = await page(url, me, other);
    expect(seenThere.data.some((t) => t.id === task.id)).toBe(false);
    const added = await createTask(server, { start, end });
    expect((await page(url, me, other)).data.some((t) => t.id === added.id)).toBe(true);
  });

  it('a change to the viewer alone (trainings done, reserved minutes) changes isReservable at once', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const url = '/api/task?status=available&first=50';
    const before = await page(url, me);
    const reservable = before.data.filter((t) => t.isReservable);
    expect(reservable.length).toBeGreaterThan(0);
    // Another process (or staff by hand) removes the viewer's trainings: no task row changes.
    await server.db.deleteFrom('user_trainings').where('user_id', '=', me.id).execute();
    const after = await page(url, me);
    expect(after.data.filter((t) => t.isReservable && t.taskType.trainings.length > 0)).toEqual([]);
  });

  it('approval shapes NDA content: the same URL before and after approval never gets the other shape', async () => {
    const pendingId = await userIdOf('pending@demo.shelfwork.app');
    const pending: Tasker = { id: pendingId, token: '' };
    const url = '/api/task?status=available&trainingId=confidential-planograms&first=50';
    const locked = await page(url, pending);
    expect(locked.data.length).toBeGreaterThan(0);
    expect(locked.data.every((t) => t.taskType.fullDescription === '' && t.taskType.trainings.every((tr) => tr.linkToTraining === ''))).toBe(true);
    await server.db.updateTable('users').set({ status: 'active' }).where('id', '=', pendingId).execute();
    try {
      const open = await page(url, pending);
      expect(open.data.some((t) => t.taskType.fullDescription !== '')).toBe(true);
      // An approved tasker's answer for the same URL never reaches the one awaiting approval.
      const approved: Tasker = { id: await userIdOf('lt@demo.shelfwork.app'), token: '' };
      expect((await page(url, approved)).data.some((t) => t.taskType.fullDescription !== '')).toBe(true);
    } finally {
      await server.db.updateTable('users').set({ status: 'awaiting_approval' }).where('id', '=', pendingId).execute();
    }
    const lockedAgain = await page(url, pending);
    expect(lockedAgain.data.every((t) => t.taskType.fullDescription === '')).toBe(true);
  });

  it('each viewer its own answer: another tasker, another market and language, another position', async () => {
    const [a, b] = (await createTaskers(server, 2)) as [Tasker, Tasker];
    const [pl] = (await createTaskers(server, 1, 'PL')) as [Tasker];
    const url = '/api/task?first=50';
    const start = new Date(server.clock.now().getTime() + 6 * 86_400_000).toISOString();
    const end = new Date(server.clock.now().getTime() + 6 * 86_400_000 + 4 * 3_600_000).toISOString();
    const task = await createTask(server, { start, end });
    await page(url, a);
    await page(url, b);
    a.token = await server.tokenFor(a.id);
    expect((await post(server, `/api/task/${task.id}/reserve`, a.token, undefined, { 'idempotency-key': crypto.randomUUID() })).statusCode).toBe(200);
    const mine = (await page(url, a)).data.find((t) => t.id === task.id);
    expect(mine?.status).toBe('reserved');
    // B sees neither A's reserved task nor anything of A's answer.
    expect((await page(url, b)).data.some((t) => t.id === task.id)).toBe(false);
    // The Polish tasker's list is in Polish and of PL tasks only, after the Lithuanians' answers.
    const plList = await page('/api/task?first=50', pl);
    expect(plList.data.length).toBeGreaterThan(0);
    expect(plList.data.every((t) => t.place.countryCode === 'PL')).toBe(true);
    const ltList = await page('/api/task?first=50', b);
    expect(ltList.data.every((t) => t.place.countryCode === 'LT')).toBe(true);
    const ltTitle = ltList.data.find((t) => t.taskTypeId === 'shelf-photo')?.taskType.title;
    const plTitle = plList.data.find((t) => t.taskTypeId === 'shelf-photo')?.taskType.title;
    expect(ltTitle && plTitle && ltTitle !== plTitle).toBe(true);
    // Distances follow the position asked with.
    const place = await server.db.selectFrom('places').select(['latitude', 'longitude']).where('id', '=', await firstPlace(server)).executeTakeFirstOrThrow();
    const here = await page(`/api/task?status=available&first=50&latitude=${place.latitude}&longitude=${place.longitude}`, b);
    const away = await page(`/api/task?status=available&first=50&latitude=${place.latitude + 0.1}&longitude=${place.longitude}`, b);
    const at = (p: Page<Task>, id: string) => p.data.find((t) => t.id === id)?.place.distance;
    const some = here.data[0]?.id as string;
    expect(at(here, some)).not.toBe(at(away, some));
  });

  it('a reserved task whose window opens with the clock (no write) comes startable', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const opens = new Date(server.clock.now().getTime() + 3 * 86_400_000);
    const task = await createTask(server, { start: opens.toISOString(), end: new Date(opens.getTime() + 4 * 3_600_000).toISOString() });
    me.token = await server.tokenFor(me.id);
    expect((await post(server, `/api/task/${task.id}/reserve`, me.token, undefined, { 'idempotency-key': crypto.randomUUID() })).statusCode).toBe(200);
    const url = '/api/task?status=reserved&first=50';
    expect((await page(url, me)).data.find((t) => t.id === task.id)?.isStartable).toBe(false);
    expect((await page(url, me)).data.find((t) => t.id === task.id)?.isStartable).toBe(false);
    const saved = server.clock.now();
    server.clock.set(new Date(opens.getTime() + 60_000));
    try {
      expect((await page(url, me)).data.find((t) => t.id === task.id)?.isStartable).toBe(true);
      // And back (a clock set back): not startable again.
      server.clock.set(saved);
      expect((await page(url, me)).data.find((t) => t.id === task.id)?.isStartable).toBe(false);
    } finally {
      server.clock.set(saved);
    }
  });
});

describe('answer helpers', () => {
  it('chooses br, else gzip, else identity; q=0 refuses', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
  });

  it('matches If-None-Match weakly, in lists and *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it('TASK_LIST_ANSWERS=off turns stored answers off', () => {
    expect(answersEnabled({ TASK_LIST_ANSWERS: 'off' })).toBe(false);
    expect(answersEnabled({})).toBe(true);
  });
});
