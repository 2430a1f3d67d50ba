/** The seeded demo tasks read in their market's language (server/db/seed-i18n.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TEXTS } from '../../server/db/seed-i18n';
import { SEED_CATEGORIES, SEED_TASK_TYPES } from '../../server/db/seed-data';
import { CHECKLIST_TEMPLATES } from '../../server/tasks/checklists';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('seeded demo tasks per market', () => {
  it('have every seeded English text translated for LT, PL, CZ and RO', () => {
    const english = new Set<string>([
      ...SEED_TASK_TYPES.map((t) => t.titlePrefix),
      ...SEED_CATEGORIES,
      ...Object.values(CHECKLIST_TEMPLATES).flatMap((items) => items.flatMap((i) => [i.title, ...(i.description ? [i.description] : [])])),
    ]);
    for (const [country, texts] of Object.entries(SEED_TEXTS)) {
      for (const text of english) expect(texts?.[text], `${country}: ${text}`).toBeTruthy();
    }
  });

  it('are titled, checklisted and commented in the market’s language', async () => {
    const prefixes: Record<string, string[]> = {
      LT: Object.values(SEED_TASK_TYPES).map((t) => SEED_TEXTS.LT![t.titlePrefix]!),
      PL: Object.values(SEED_TASK_TYPES).map((t) => SEED_TEXTS.PL![t.titlePrefix]!),
      CZ: Object.values(SEED_TASK_TYPES).map((t) => SEED_TEXTS.CZ![t.titlePrefix]!),
      RO: Object.values(SEED_TASK_TYPES).map((t) => SEED_TEXTS.RO![t.titlePrefix]!),
    };
    for (const [country, words] of Object.entries(prefixes)) {
      const tasks = await server.db.selectFrom('tasks').select(['id', 'title', 'result_comment']).where('country_code', '=', country).where('title', 'not like', '%e2e%').execute();
      expect(tasks.length).toBeGreaterThan(10);
      const seeded = tasks.filter((t) => !/^(Shelf photo|SKU scan|Stock check|Defect check|Restocking|Promo display)/.test(t.title));
      expect(seeded.length, `${country}: tasks still English`).toBe(tasks.length);
      expect(seeded.every((t) => words.some((w) => t.title.startsWith(w))), country).toBe(true);
      const items = await server.db.selectFrom('checklist_items').select('title').where('task_id', 'in', tasks.map((t) => t.id)).execute();
      expect(items.some((i) => i.title === SEED_TEXTS[country as 'LT']!['Check in with the store manager'])).toBe(true);
      expect(items.some((i) => i.title === 'Check in with the store manager')).toBe(false);
    }
    const accepted = await server.db.selectFrom('tasks').select('result_comment').where('country_code', '=', 'PL').where('status', '=', 'accepted').executeTakeFirstOrThrow();
    expect(accepted.result_comment).toBe('Dobra robota, dziękujemy!');
  });
});
