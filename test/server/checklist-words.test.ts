/**
 * A checklist item's action words are the app's, in the tasker's language: the server writes no
 * English button titles into built-in (seeded) checklists, and migration 0015 removes the ones it
 * once wrote from existing rows, keeping what a task's author wrote. Photo and scan items of the
 * built-in checklists tick themselves when their work is recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { m0015_checklist_words } from '../../server/db/migrations/0015_checklist_words';
import { builtinTemplate, CHECKLIST_TEMPLATES } from '../../server/tasks/checklists';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const WORDS = ['buttonTitle', 'doneTitle', 'ctaTitle', 'titleOverride'];

describe('checklist words', () => {
  it('the built-in templates carry no English action words; photo and scan items tick themselves', () => {
    for (const [typeId, items] of Object.entries(CHECKLIST_TEMPLATES)) {
      for (const item of [...items, ...builtinTemplate(typeId)]) {
        for (const key of WORDS) expect(item.metadata[key], `${typeId}: ${key}`).toBeUndefined();
        if (item.type === 'camera' || item.type === 'scanner') expect(item.metadata.isAutoToggle, `${typeId}: ${item.type}`).toBe(true);
      }
    }
  });

  it('seeded tasks of all four markets: no action words in their checklist rows, photo and scan items tick themselves', async () => {
    for (const country of ['LT', 'PL', 'CZ', 'RO']) {
      const rows = await server.db
        .selectFrom('checklist_items')
        .innerJoin('tasks', 'tasks.id', 'checklist_items.task_id')
        .select(['checklist_items.type', 'checklist_items.metadata'])
        .where('tasks.country_code', '=', country)
        .execute();
      expect(rows.length, country).toBeGreaterThan(10);
      for (const row of rows) {
        const metadata = (row.metadata ?? {}) as Record<string, unknown>;
        for (const key of WORDS) expect(metadata[key], `${country}: ${key}`).toBeUndefined();
        if (row.type === 'camera' || row.type === 'scanner') expect(metadata.isAutoToggle, `${country}: ${row.type}`).toBe(true);
      }
    }
  });

  it('migration 0015 removes the English defaults once written, and keeps what an author wrote', async () => {
    const [task] = await server.db.selectFrom('tasks').select('id').where('country_code', '=', 'PL').limit(1).execute();
    const taskId = task!.id;
    const old = [
      { id: 'old-camera', type: 'camera', metadata: { tags: ['before'], buttonTitle: 'Take photos', doneTitle: 'Photos taken' } },
      { id: 'old-scanner', type: 'scanner', metadata: { buttonTitle: 'Scan products', doneTitle: 'Products scanned' } },
      { id: 'old-defects', type: 'defects', metadata: { tags: ['defect'], buttonTitle: 'Report defects', doneTitle: 'Defects reported' } },
      { id: 'old-link', type: 'link', metadata: { target: 'https://help.shelfwork.app/guides/shelf-photos', ctaTitle: 'Open guide' } },
      { id: 'old-plain', type: 'plain', metadata: { titleOverride: 'Display position checked' } },
      // Written by an author: their own words and their own choice of ticking stay.
      { id: 'own-camera', type: 'camera', metadata: { tags: ['after'], buttonTitle: 'Zrób zdjęcia regału', isAutoToggle: false } },
      { id: 'own-scanner', type: 'scanner', metadata: { doneTitle: 'Zeskanowano' } },
    ];
    await server.db
      .insertInto('checklist_items')
      .values(old.map((item, n) => ({ id: item.id, task_id: taskId, position: 100 + n, type: item.type, title: `Pozycja ${n}`, description: null, is_optional: false, metadata: JSON.stringify(item.metadata) })))
      .execute();
    await server.db
      .insertInto('task_type_checklist_items')
      .values({ id: 'old-template-camera', task_type_id: 'shelf-photo', position: 0, type: 'camera', is_optional: false, metadata: JSON.stringify({ tags: ['before'], buttonTitle: 'Take photos', doneTitle: 'Photos taken' }), texts: JSON.stringify({ en: { title: 'Photo' } }) })
      .execute();

    await m0015_checklist_words.up(server.db as never);

    const rows = await server.db.selectFrom('checklist_items').select(['id', 'metadata']).where('id', 'in', old.map((o) => o.id)).execute();
    const meta = Object.fromEntries(rows.map((r) => [r.id, r.metadata as Record<string, unknown>]));
    expect(meta['old-camera']).toEqual({ tags: ['before'], isAutoToggle: true });
    expect(meta['old-scanner']).toEqual({ isAutoToggle: true });
    expect(meta['old-defects']).toEqual({ tags: ['defect'] });
    expect(meta['old-link']).toEqual({ target: 'https://help.shelfwork.app/guides/shelf-photos' });
    expect(meta['old-plain']).toEqual({});
    expect(meta['own-camera']).toEqual({ tags: ['after'], buttonTitle: 'Zrób zdjęcia regału', isAutoToggle: false });
    expect(meta['own-scanner']).toEqual({ doneTitle: 'Zeskanowano' });
    const template = await server.db.selectFrom('task_type_checklist_items').select('metadata').where('id', '=', 'old-template-camera').executeTakeFirstOrThrow();
    expect(template.metadata).toEqual({ tags: ['before'], isAutoToggle: true });
  });
});
