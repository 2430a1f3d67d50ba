/**
 * The authoring screens' bodies against the real server: what the forms send is what the
 * authoring API accepts, and what it answers reads back into the same form values (window in the
 * market's wall clock, exact money, products, checklist texts and metadata), and the CSV example
 * the import screen offers previews without errors.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server/helpers';
import { MARKETS } from './markets';
import { emptyTemplateForm, fromWireItem, fromWireTypeTexts, marketCompleteness, newTemplateItem, toWireItem, toWireTypeTexts } from './checklistTemplate';
import { exampleCsv } from './csvImport';
import { emptyTaskForm, taskFormFromSaved, toCreateTaskBody, toPatchTaskBody, type TaskFormValues } from './taskForm';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});

const STAFF = { authorization: 'Bearer test-staff-token' };
async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await server.request({ method, url, headers: { ...STAFF, 'idempotency-key': crypto.randomUUID() }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

interface TypeAnswer {
  id: string;
  completeMarkets: string[];
  texts: Record<string, { title?: string; shortDescription?: string | null }>;
  checklist: { id: string; type: string; isOptional: boolean; metadata: Record<string, unknown>; texts: Record<string, { title: string; description?: string | null }> }[];
}
interface PlaceAnswer {
  id: string;
  title: string;
  city: string;
  countryCode: string;
}

async function ltTypeAndPlace(): Promise<{ type: TypeAnswer; place: PlaceAnswer }> {
  const types = await call<{ data: TypeAnswer[] }>('GET', '/api/staff/task-types');
  const type = types.data.find((t) => t.completeMarkets.includes('LT'));
  const places = await call<{ data: PlaceAnswer[] }>('GET', '/api/staff/places?country=LT');
  expect(type).toBeDefined();
  expect(places.data.length).toBeGreaterThan(0);
  return { type: type!, place: places.data[0]! };
}

describe('the authoring forms against the server', () => {
  it('create a task that reads back into the same form values, and patch only what changed', async () => {
    const { type, place } = await ltTypeAndPlace();
    const values: TaskFormValues = {
      ...emptyTaskForm(),
      placeId: place.id,
      country: 'LT',
      taskTypeId: type.id,
      title: 'Dairy shelf',
      windowStart: '2026-03-29T02:30',
      windowEnd: '2026-03-29T18:00',
      reward: '12.35',
      bonusReward: '0.05',
      expectedDuration: '40',
      descriptiveComment: 'Both aisles',
      products: [{ key: 'a', ean: '4006381333931', name: 'Milk 1 l', expectedFacings: '3' }],
    };
    const created = await call<{ id: string; timeWindowStart: string }>('POST', '/api/staff/tasks', toCreateTaskBody(values), 201);
    // 02:30 in Vilnius on the night the clocks change is still winter time (UTC+2).
    expect(created.timeWindowStart).toBe('2026-03-29T00:30:00.000Z');

    const saved = taskFormFromSaved(await call('GET', `/api/staff/tasks/${created.id}/authoring`));
    expect({ ...saved, products: saved.products.map(({ ean, name, expectedFacings }) => ({ ean, name, expectedFacings })) }).toEqual({
      ...values,
      products: [{ ean: '4006381333931', name: 'Milk 1 l', expectedFacings: '3' }],
    });

    const patch = toPatchTaskBody(saved, { ...saved, reward: '13.00', windowEnd: '2026-03-29T19:00' });
    expect(patch).toEqual({ reward: '13.00', timeWindowEnd: '2026-03-29T16:00:00.000Z' });
    const patched = taskFormFromSaved(await call('PATCH', `/api/staff/tasks/${created.id}`, patch));
    expect(patched.reward).toBe('13.00');
    expect(patched.windowEnd).toBe('2026-03-29T19:00');
    expect(patched.windowStart).toBe(values.windowStart);
  });

  it("save a type's checklist back unchanged through the editor's shapes", async () => {
    const { type } = await ltTypeAndPlace();
    const items = type.checklist.map((item) => toWireItem(fromWireItem(item)));
    const texts = toWireTypeTexts(fromWireTypeTexts(type.texts));
    const after = await call<TypeAnswer>('PUT', `/api/staff/task-types/${type.id}/checklist`, { texts, items });
    expect(after.completeMarkets).toEqual(type.completeMarkets);
    expect(after.checklist.map((i) => [i.type, i.isOptional, i.metadata, i.texts])).toEqual(type.checklist.map((i) => [i.type, i.isOptional, i.metadata, i.texts]));
  });

  it('create a type whose complete markets the server counts as the editor does', async () => {
    const form = emptyTemplateForm();
    form.items = [newTemplateItem('camera'), newTemplateItem('link')];
    form.texts.en.title = 'Freezer check';
    form.texts.lt.title = 'Šaldiklio patikra';
    form.texts.pl.title = 'Kontrola zamrażarki';
    form.items[0]!.texts.en.title = 'Photo of the freezer';
    form.items[0]!.texts.lt.title = 'Šaldiklio nuotrauka';
    form.items[0]!.texts.pl.title = 'Zdjęcie zamrażarki';
    form.items[1]!.texts.en.title = 'Read the brief';
    form.items[1]!.texts.lt.title = 'Perskaitykite instrukciją';
    form.items[1]!.target = 'https://example.com/brief';
    const created = await call<TypeAnswer>('POST', '/api/staff/task-types', { texts: toWireTypeTexts(form.texts), checklist: form.items.map(toWireItem) }, 201);
    const complete = marketCompleteness(form);
    expect(created.completeMarkets).toEqual(MARKETS.filter((m) => complete[m]));
    expect(created.completeMarkets).toEqual(['LT']);
    expect(created.checklist.map((i) => i.metadata)).toEqual([{ tags: ['before'], isAutoToggle: true }, { target: 'https://example.com/brief' }]);
  });

  it('preview the example CSV, filled with a real place and type, without a row error', async () => {
    const { type, place } = await ltTypeAndPlace();
    const csv = exampleCsv({ placeId: place.id, placeTitle: place.title, placeCity: place.city, taskTypeId: type.id, products: '' });
    const answer = await call<{ rows: { line: number; ok: boolean; errors?: Record<string, string> }[]; created: number }>('POST', '/api/staff/tasks/import', { csv, dryRun: true });
    expect(answer.rows.map((r) => [r.line, r.ok, r.errors ?? {}])).toEqual([
      [2, true, {}],
      [3, true, {}],
    ]);
    expect(answer.created).toBe(0);
  });
});
