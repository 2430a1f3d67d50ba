/** Task reads through HTTP: visibility per user state, paging, cursors, order, search, distance, places. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { distanceMeters } from '#domain/geo';
import { earlyCancelDeadline } from '#domain/tasks';
import { withCheckDigit } from '#domain/ean';
import type { ApiErrorBody, Page, Place, ReservationLimit, Task, Training } from '#domain/types';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['lt', 'pl', 'pending', 'new', 'rejected', 'deactivated']) {
    tokens[name] = (await server.login(`${name}@demo.shelfwork.app`)).token;
  }
});
afterAll(async () => {
  await server?.close();
});

async function get<T>(url: string, token: string, headers: Record<string, string> = {}) {
  const res = await server.request({ method: 'GET', url, token, headers });
  return { status: res.statusCode, body: res.json<T>() };
}

async function allPages(url: string, token: string, headers: Record<string, string> = {}): Promise<Task[]> {
  const out: Task[] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const sep = url.includes('?') ? '&' : '?';
    const res: { status: number; body: Page<Task> } = await get<Page<Task>>(`${url}${after ? `${sep}after=${after}` : ''}`, token, headers);
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    expect(res.body.pageInfo.hasPrevious).toBe(after !== null);
    if (!res.body.pageInfo.hasNext) return out;
    after = res.body.pageInfo.endCursor;
  }
  throw new Error('too many pages');
}

describe('visibility', () => {
  it('an approved tasker sees available tasks of their country and their own tasks, nothing else', async () => {
    const tasks = await allPages('/api/task?first=50', tokens.lt as string);
    const me = (await get<{ id: string }>('/api/user', tokens.lt as string)).body;
    expect(tasks.length).toBeGreaterThan(50);
    for (const t of tasks) {
      if (t.taskerId === me.id) continue;
      expect(t.status).toBe('available');
      expect(t.place.countryCode).toBe('LT');
    }
    const own = tasks.filter((t) => t.taskerId === me.id);
    expect(new Set(own.map((t) => t.status))).toEqual(new Set(['reserved', 'in_progress', 'awaiting_confirmation', 'accepted', 'rejected', 'expired']));
    // Same count as the database says is visible.
    const expected = await server.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => eb.or([eb('tasker_id', '=', me.id), eb.and([eb('status', '=', 'available'), eb('country_code', '=', 'LT')])]))
      .executeTakeFirstOrThrow();
    expect(tasks.length).toBe(Number(expected.n));
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
  });

  it('returns tasks in the API shape with money in the market currency and section 9 deadlines', async () => {
    const { body } = await get<Page<Task>>('/api/task?status=available&first=5', tokens.pl as string);
    const task = body.data[0] as Task;
    expect(Object.keys(task).sort()).toEqual(
      [
        'id', 'status', 'taskerId', 'taskTypeId', 'title', 'image', 'paymentId', 'taskType', 'place', 'timeWindowStart', 'timeWindowEnd',
        'startTime', 'endTime', 'finalizationTime', 'expectedDuration', 'reward', 'baseReward', 'bonusReward', 'reducedReward',
        'earlyCancelDeadline', 'lateCancelDeadline', 'resultComment', 'taskerComment', 'descriptiveComment', 'letterOfAuthorityUrl',
        'targetProductPhotos', 'doneChecklistItemIds', 'isStartable', 'isReservable', 'hasOutstandingDispute', 'updatedAt',
      ].sort(),
    );
    for (const t of body.data) {
      expect(t.reward).toMatchObject({ currencyCode: 'PLN', currencySymbol: 'zł' });
      expect(t.reward.amount).toMatch(/^\d+\.\d{2}$/);
      expect(t.earlyCancelDeadline).toBe(earlyCancelDeadline(t.timeWindowEnd, t.expectedDuration));
      expect(t.place.retailer.logo).toMatch(/^\/logos\/[a-z-]+\.svg$/);
      expect(Array.isArray(t.taskType.trainings)).toBe(true);
    }
  });

  it('an awaiting-approval tasker sees tasks locked and without descriptive comments', async () => {
    const { status, body } = await get<Page<Task>>('/api/task?first=50', tokens.pending as string);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((t) => !t.isReservable && t.descriptiveComment === null)).toBe(true);
    const approved = await get<Page<Task>>('/api/task?first=50', tokens.lt as string);
    expect(approved.body.data.some((t) => t.descriptiveComment !== null)).toBe(true);
  });

  it.each(['new', 'rejected', 'deactivated'])('a %s account gets 403 CANNOT_SEE_TASKS on lists', async (name) => {
    const list = await get<ApiErrorBody>('/api/task', tokens[name] as string);
    expect(list.status).toBe(403);
    expect(list.body.error.code).toBe('CANNOT_SEE_TASKS');
    const places = await get<ApiErrorBody>('/api/task/places', tokens[name] as string);
    expect(places.status).toBe(403);
  });

  it('a tasker who cannot see tasks still sees their own task by id', async () => {
    const rejected = await server.db.selectFrom('users').select('id').where('email', '=', 'rejected@demo.shelfwork.app').executeTakeFirstOrThrow();
    const task = await server.db.selectFrom('tasks').select('id').where('status', '=', 'accepted').limit(1).executeTakeFirstOrThrow();
    const original = await server.db.selectFrom('tasks').select('tasker_id').where('id', '=', task.id).executeTakeFirstOrThrow();
    await server.db.updateTable('tasks').set({ tasker_id: rejected.id }).where('id', '=', task.id).execute();
    try {
      const res = await get<Task>(`/api/task/${task.id}`, tokens.rejected as string);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(task.id);
    } finally {
      await server.db.updateTable('tasks').set({ tasker_id: original.tasker_id }).where('id', '=', task.id).execute();
    }
  });

  it("answers 404 for other people's non-available tasks (no longer available), other countries and unknown ids (not found)", async () => {
    const others = await server.db.selectFrom('tasks').select('id').where('status', '=', 'reserved').where('country_code', '=', 'LT').execute();
    const me = (await get<{ id: string }>('/api/user', tokens.lt as string)).body;
    const foreignReserved = await server.db
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'reserved')
      .where('tasker_id', '!=', me.id)
      .where('country_code', '=', 'LT')
      .executeTakeFirstOrThrow();
    expect(others.length).toBeGreaterThan(0);
    const res = await get<ApiErrorBody>(`/api/task/${foreignReserved.id}`, tokens.lt as string);
    expect(res.status).toBe(404);
    // Another's reservation of the viewer's market: no longer available (the page says so), not unknown.
    expect(res.body.error).toEqual({ code: 'TASK_NO_LONGER_AVAILABLE', message: 'This task is no longer available. Another user has already reserved it.' });
    const polish = await server.db.selectFrom('tasks').select('id').where('status', '=', 'available').where('country_code', '=', 'PL').executeTakeFirstOrThrow();
    expect((await get(`/api/task/${polish.id}`, tokens.lt as string)).status).toBe(404);
    expect((await get(`/api/task/${polish.id}`, tokens.pl as string)).status).toBe(200);
    expect((await get('/api/task/00000000-0000-4000-8000-000000000000', tokens.lt as string)).status).toBe(404);
  });
});

describe('filters and order', () => {
  it('filters by a comma list of statuses', async () => {
    const tasks = await allPages('/api/task?status=reserved,in_progress', tokens.lt as string);
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((t) => t.status === 'reserved' || t.status === 'in_progress')).toBe(true);
  });

  it('orders by time window start by default and pages without gaps or repeats', async () => {
    const paged = await allPages('/api/task?status=available&first=7', tokens.cz ?? (tokens.cz = (await server.login('cz@demo.shelfwork.app')).token));
    const whole = await allPages('/api/task?status=available&first=50', tokens.cz as string);
    expect(paged.map((t) => t.id)).toEqual(whole.map((t) => t.id));
    for (let i = 1; i < paged.length; i++) {
      expect(Date.parse((paged[i] as Task).timeWindowStart)).toBeGreaterThanOrEqual(Date.parse((paged[i - 1] as Task).timeWindowStart));
    }
  });

  it('orders by -time_window_end descending', async () => {
    const tasks = await allPages('/api/task?orderBy=-time_window_end&first=20', tokens.lt as string);
    for (let i = 1; i < tasks.length; i++) {
      expect(Date.parse((tasks[i] as Task).timeWindowEnd)).toBeLessThanOrEqual(Date.parse((tasks[i - 1] as Task).timeWindowEnd));
    }
  });

  it('orders history by -end_time', async () => {
    const tasks = await allPages('/api/task?status=accepted,rejected,awaiting_confirmation&orderBy=-end_time', tokens.lt as string);
    expect(tasks.length).toBeGreaterThan(3);
    for (let i = 1; i < tasks.length; i++) {
      expect(Date.parse((tasks[i] as Task).endTime as string)).toBeLessThanOrEqual(Date.parse((tasks[i - 1] as Task).endTime as string));
    }
  });

  it('refuses a cursor made for another order', async () => {
    const first = await get<Page<Task>>('/api/task?first=2', tokens.lt as string);
    const res = await get<ApiErrorBody>(`/api/task?first=2&orderBy=-time_window_end&after=${first.body.pageInfo.endCursor}`, tokens.lt as string);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ after: 'CURSOR_INVALID' });
  });

  it('searches title, place, address and city case-insensitively', async () => {
    const byCity = await allPages('/api/task?status=available&search=kRAKÓW', tokens.pl as string);
    expect(byCity.length).toBeGreaterThan(0);
    expect(byCity.every((t) => t.place.city === 'Kraków')).toBe(true);
    const byAddress = await allPages('/api/task?status=available&search=marszałkowska', tokens.pl as string);
    expect(byAddress.length).toBeGreaterThan(0);
    expect(byAddress.every((t) => t.place.address.includes('Marszałkowska'))).toBe(true);
    const none = await get<Page<Task>>('/api/task?search=%25%25no-such-thing_', tokens.pl as string);
    expect(none.body.data).toEqual([]);
  });

  it('orders by distance from the Geolocation header, with distances in metres', async () => {
    const here = { latitude: 50.0647, longitude: 19.945 };
    const tasks = await allPages('/api/task?status=available&orderBy=distance&first=13', tokens.pl as string, { geolocation: `${here.latitude}, ${here.longitude}` });
    expect(tasks[0]?.place.city).toBe('Kraków');
    for (let i = 0; i < tasks.length; i++) {
      const t = tasks[i] as Task;
      expect(t.place.distance).toBe(Math.round(distanceMeters(here, t.place.coordinates)));
      if (i > 0) expect(t.place.distance as number).toBeGreaterThanOrEqual((tasks[i - 1] as Task).place.distance as number);
    }
    const viaQuery = await get<Page<Task>>(`/api/task?status=available&orderBy=distance&latitude=${here.latitude}&longitude=${here.longitude}`, tokens.pl as string);
    expect(viaQuery.body.data[0]?.place.city).toBe('Kraków');
  });

  it('answers 400 for distance order without a position', async () => {
    const res = await get<ApiErrorBody>('/api/task?orderBy=distance', tokens.pl as string);
    expect(res.status).toBe(400);
  });

  it('isReservable splits the available list; tasks needing an undone training are not reservable', async () => {
    const all = await allPages('/api/task?status=available', tokens.lt as string);
    const yes = await allPages('/api/task?status=available&isReservable=true', tokens.lt as string);
    const no = await allPages('/api/task?status=available&isReservable=false', tokens.lt as string);
    expect(yes.length + no.length).toBe(all.length);
    expect(yes.every((t) => t.isReservable)).toBe(true);
    expect(no.every((t) => !t.isReservable)).toBe(true);
    // The demo taskers have not done the new promo training.
    expect(no.some((t) => t.taskTypeId === 'promo-display')).toBe(true);
    expect(yes.some((t) => t.taskTypeId === 'promo-display')).toBe(false);
  });

  it('isStartable finds reserved tasks whose window is open now', async () => {
    const startable = await allPages('/api/task?isStartable=true', tokens.lt as string);
    expect(startable.length).toBeGreaterThan(0);
    const now = server.clock.now().getTime();
    for (const t of startable) {
      expect(t.status).toBe('reserved');
      expect(Date.parse(t.timeWindowStart)).toBeLessThanOrEqual(now);
      expect(Date.parse(t.timeWindowEnd)).toBeGreaterThan(now);
    }
  });

  it('filters by placeId and trainingId', async () => {
    const some = (await get<Page<Task>>('/api/task?status=available&first=1', tokens.lt as string)).body.data[0] as Task;
    const atPlace = await allPages(`/api/task?placeId=${some.place.id}`, tokens.lt as string);
    expect(atPlace.length).toBeGreaterThan(0);
    expect(atPlace.every((t) => t.place.id === some.place.id)).toBe(true);
    const scanning = await allPages('/api/task?status=available&trainingId=barcode-scanning', tokens.lt as string);
    expect(scanning.length).toBeGreaterThan(0);
    expect(scanning.every((t) => t.taskType.trainings.some((tr) => tr.id === 'barcode-scanning'))).toBe(true);
  });

  it('filters by hasOutstandingDispute', async () => {
    const disputed = await allPages('/api/task?hasOutstandingDispute=true', tokens.lt as string);
    expect(disputed.length).toBe(1);
    expect(disputed[0]?.status).toBe('rejected');
    expect(disputed[0]?.reducedReward).not.toBeNull();
  });
});

describe('places, reservation limit and trainings', () => {
  it('lists places with the count and summed reward of visible available tasks', async () => {
    const res = await get<Page<Place>>('/api/task/places?first=50', tokens.pl as string);
    expect(res.status).toBe(200);
    const available = await allPages('/api/task?status=available', tokens.pl as string);
    const total = res.body.data.reduce((s, p) => s + (p.taskCount ?? 0), 0);
    expect(total).toBe(available.length);
    const first = res.body.data[0] as Place;
    const atFirst = available.filter((t) => t.place.id === first.id);
    expect(first.taskCount).toBe(atFirst.length);
    const cents = atFirst.reduce((s, t) => s + Math.round(Number(t.reward.amount) * 100), 0);
    expect(Math.round(Number(first.taskEarn?.amount) * 100)).toBe(cents);
    expect(first.taskEarn?.currencyCode).toBe('PLN');
  });

  it('pages places and orders them by distance when a position is sent', async () => {
    const page1 = await get<Page<Place>>('/api/task/places?first=3', tokens.pl as string, { geolocation: '52.2297,21.0122' });
    expect(page1.body.data).toHaveLength(3);
    expect(page1.body.pageInfo.hasNext).toBe(true);
    const page2 = await get<Page<Place>>(`/api/task/places?first=3&after=${page1.body.pageInfo.endCursor}`, tokens.pl as string, { geolocation: '52.2297,21.0122' });
    const distances = [...page1.body.data, ...page2.body.data].map((p) => p.distance as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(page1.body.data[0]?.city).toBe('Warszawa');
  });

  it('reports the reservation limit as minutes of reserved and in-progress tasks', async () => {
    const limit = (await get<ReservationLimit>('/api/task/reservation-limit', tokens.lt as string)).body;
    const mine = await allPages('/api/task?status=reserved,in_progress', tokens.lt as string);
    expect(limit.used).toBe(mine.reduce((s, t) => s + t.expectedDuration, 0));
    expect(limit.limit).toBe(server.config.reservationLimitMinutes);
  });

  it('lists trainings with progress, the new flag and NDA links only for approved taskers', async () => {
    const approved = (await get<Training[]>('/api/training', tokens.lt as string)).body;
    const pending = (await get<Training[]>('/api/training', tokens.pending as string)).body;
    const promo = approved.find((t) => t.id === 'promo-displays') as Training;
    expect(promo).toMatchObject({ isNew: true, doneAt: null });
    expect(approved.find((t) => t.id === 'basics')).toMatchObject({ isNew: false, isRequired: true });
    expect(approved.find((t) => t.id === 'basics')?.doneAt).not.toBeNull();
    expect(approved.find((t) => t.ndaProtected)?.linkToTraining).not.toBe('');
    expect(pending.find((t) => t.ndaProtected)?.linkToTraining).toBe('');
  });
});

describe('demo seed', () => {
  it('has the markets, at least 40 stores, 300 tasks in all seven statuses, and valid product EANs', async () => {
    const stores = await server.db.selectFrom('places').select(['city', 'country_code']).execute();
    expect(stores.length).toBeGreaterThanOrEqual(40);
    expect(new Set(stores.map((s) => s.city))).toEqual(new Set(['Vilnius', 'Kaunas', 'Warszawa', 'Kraków', 'Praha', 'Brno', 'București', 'Cluj-Napoca']));
    const tasks = await server.db.selectFrom('tasks').select(['status', 'country_code', 'currency_code', 'expected_duration', 'time_window_start', 'time_window_end']).execute();
    expect(tasks.length).toBeGreaterThanOrEqual(300);
    expect(new Set(tasks.map((t) => t.status)).size).toBe(7);
    const currency: Record<string, string> = { LT: 'EUR', PL: 'PLN', CZ: 'CZK', RO: 'RON' };
    for (const t of tasks) {
      expect(t.currency_code).toBe(currency[t.country_code]);
      expect(t.expected_duration * 60_000).toBeLessThanOrEqual(new Date(t.time_window_end).getTime() - new Date(t.time_window_start).getTime());
    }
    const products = await server.db.selectFrom('products').select('ean').execute();
    expect(products.length).toBeGreaterThan(0);
    for (const { ean } of products) {
      expect([8, 13]).toContain(ean.length);
      expect(withCheckDigit(ean.slice(0, -1))).toBe(ean);
    }
    const defects = await server.db.selectFrom('task_defects').select('task_id').execute();
    const items = await server.db.selectFrom('checklist_items').select('id').execute();
    expect(defects.length).toBeGreaterThan(0);
    expect(items.length).toBeGreaterThan(tasks.length);
  });
});
