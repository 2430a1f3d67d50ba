/** GET /api/task/places/task-earn (the opportunities map): weekly sums per place, access-scoped. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { mapConfigFromEnv } from '../../server/config';
import { OPPORTUNITY_WEEK_MS, TASK_EARN_MAX_PLACES, type PlaceTaskEarn } from '#domain/map';
import type { ApiErrorBody, Page, Place, Task } from '#domain/types';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['lt', 'pl', 'new']) tokens[name] = (await server.login(`${name}@demo.shelfwork.app`)).token;
});
afterAll(async () => {
  await server?.close();
});

async function get<T>(url: string, token?: string) {
  const res = await server.request({ method: 'GET', url, token });
  return { status: res.statusCode, body: res.json<T>() };
}

async function availableTasks(token: string): Promise<Task[]> {
  const out: Task[] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res: { body: Page<Task> } = await get<Page<Task>>(`/api/task?status=available&first=50${after ? `&after=${after}` : ''}`, token);
    out.push(...res.body.data);
    if (!res.body.pageInfo.hasNext) return out;
    after = res.body.pageInfo.endCursor;
  }
  throw new Error('too many pages');
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('task-earn', () => {
  it("sums the rewards of the viewer's available tasks of the coming week per asked place", async () => {
    const places = (await get<Page<Place>>('/api/task/places?first=50', tokens.pl)).body.data;
    expect(places.length).toBeGreaterThan(2);
    // Push one task of the first place beyond the week: it must drop out of the sum.
    const now = server.clock.now().getTime();
    const tasks = await availableTasks(tokens.pl as string);
    const first = places[0] as Place;
    const weekOf = (list: Task[]) => list.filter((t) => new Date(t.timeWindowStart).getTime() < now + OPPORTUNITY_WEEK_MS && new Date(t.timeWindowEnd).getTime() > now);
    const firstBefore = weekOf(tasks).filter((t) => t.place.id === first.id).length;
    const moved = weekOf(tasks).find((t) => t.place.id === first.id) as Task;
    const later = new Date(now + OPPORTUNITY_WEEK_MS + 24 * 60 * 60_000);
    await server.db
      .updateTable('tasks')
      .set({ time_window_start: later, time_window_end: new Date(later.getTime() + 6 * 60 * 60_000) })
      .where('id', '=', moved.id)
      .execute();
    const after = await availableTasks(tokens.pl as string);
    const inWeek = weekOf(after);

    const ids = places.map((p) => p.id);
    const res = await get<{ data: PlaceTaskEarn[] }>(`/api/task/places/task-earn?placeIds=${ids.join(',')}`, tokens.pl);
    expect(res.status).toBe(200);
    for (const row of res.body.data) {
      const here = inWeek.filter((t) => t.place.id === row.placeId);
      expect(row.taskCount).toBe(here.length);
      expect(cents(row.taskEarn?.amount ?? '0')).toBe(here.reduce((s, t) => s + cents(t.reward.amount), 0));
      expect(row.taskEarn?.currencyCode).toBe('PLN');
    }
    const firstRow = res.body.data.find((r) => r.placeId === first.id);
    // The moved task is still available (the lists show it) but not this week's.
    expect(after.some((t) => t.id === moved.id)).toBe(true);
    expect(firstRow?.taskCount ?? 0).toBe(firstBefore - 1);
    expect(new Set(res.body.data.map((r) => r.placeId)).size).toBe(res.body.data.length);
    expect(res.body.data.every((r) => ids.includes(r.placeId))).toBe(true);
  });

  it("answers nothing for another market's places and refuses bad or missing ids", async () => {
    const ltPlaces = (await get<Page<Place>>('/api/task/places?first=5', tokens.lt)).body.data.map((p) => p.id);
    const asPl = await get<{ data: PlaceTaskEarn[] }>(`/api/task/places/task-earn?placeIds=${ltPlaces.join(',')}`, tokens.pl);
    expect(asPl.status).toBe(200);
    expect(asPl.body.data).toEqual([]);
    const asLt = await get<{ data: PlaceTaskEarn[] }>(`/api/task/places/task-earn?placeIds=${ltPlaces.join(',')}`, tokens.lt);
    expect(asLt.body.data.length).toBeGreaterThan(0);

    const missing = await get<ApiErrorBody>('/api/task/places/task-earn', tokens.pl);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ placeIds: 'REQUIRED' });
    const tooMany = Array.from({ length: TASK_EARN_MAX_PLACES + 1 }, (_, i) => `p${i}`).join(',');
    expect((await get<ApiErrorBody>(`/api/task/places/task-earn?placeIds=${tooMany}`, tokens.pl)).body.error.fields).toEqual({ placeIds: 'TOO_LONG' });
    expect((await get<ApiErrorBody>(`/api/task/places/task-earn?placeIds=${encodeURIComponent("a' or 1=1")}`, tokens.pl)).body.error.fields).toEqual({ placeIds: 'INVALID' });
    expect((await get<ApiErrorBody>('/api/task/places/task-earn?placeIds=a&placeIds=b', tokens.pl)).status).toBe(400);
  });

  it('needs a token and the right to see tasks', async () => {
    const ids = (await get<Page<Place>>('/api/task/places?first=3', tokens.lt)).body.data.map((p) => p.id).join(',');
    expect((await get<ApiErrorBody>(`/api/task/places/task-earn?placeIds=${ids}`)).status).toBe(401);
    const cannot = await get<ApiErrorBody>(`/api/task/places/task-earn?placeIds=${ids}`, tokens.new);
    expect(cannot.status).toBe(403);
    expect(cannot.body.error.code).toBe('CANNOT_SEE_TASKS');
  });
});

describe('map config (the tile service for production)', () => {
  it('answers no style by default and the configured style with its attribution, without a token', async () => {
    const none = await server.request({ method: 'GET', url: '/api/map/config' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ styleUrl: null, attribution: null });
    const map = mapConfigFromEnv({ MAP_STYLE_URL: 'https://tiles.example.test/styles/v1/style.json', MAP_ATTRIBUTION: '© Example', MAP_ORIGINS: 'https://fonts.example.test/x' });
    expect(map.origins).toEqual(['https://tiles.example.test', 'https://fonts.example.test']);
    const app = await server.withConfig({ map });
    const res = await app.inject({ method: 'GET', url: '/api/map/config' });
    expect(res.json()).toEqual({ styleUrl: 'https://tiles.example.test/styles/v1/style.json', attribution: '© Example' });
    await app.close();
  });

  it('refuses a style URL that is not https', () => {
    expect(() => mapConfigFromEnv({ MAP_STYLE_URL: 'http://tiles.example.test/style.json' })).toThrow(/https/);
    expect(() => mapConfigFromEnv({ MAP_STYLE_URL: 'not a url' })).toThrow(/not a URL/);
    expect(mapConfigFromEnv({}).origins).toEqual([]);
  });
});
