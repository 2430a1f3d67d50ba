import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Checklist action words in the tasker's language. The built-in checklists (server/tasks/checklists.ts)
 * used to write English button titles into every item's metadata (buttonTitle, doneTitle, ctaTitle,
 * titleOverride), which the app shows as written, so Polish or Romanian checklists said "Take
 * photos". The app now names each item type's action from its own catalog; this removes those known
 * English defaults from existing task items and type templates, keeping any other words (an author's
 * own). Items that came from a built-in template (they carried its button title) of the camera and
 * scanner types also tick themselves when their photos or scans are recorded, as the built-in
 * templates now say, unless the row already says otherwise.
 */
const DEFAULTS: Record<string, readonly string[]> = {
  buttonTitle: ['Take photos', 'Scan products', 'Report defects'],
  doneTitle: ['Photos taken', 'Products scanned', 'Defects reported'],
  ctaTitle: ['Open guide'],
  titleOverride: ['Display position checked'],
};

/** The row's metadata without the English defaults, and whether it came from a built-in template. */
export function withoutDefaultWords(type: string, metadata: unknown): { metadata: Record<string, unknown>; changed: boolean } {
  const m = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? { ...(metadata as Record<string, unknown>) } : {};
  const builtin = typeof m.buttonTitle === 'string' && DEFAULTS.buttonTitle!.includes(m.buttonTitle);
  let changed = false;
  for (const [key, words] of Object.entries(DEFAULTS)) {
    if (typeof m[key] === 'string' && words.includes(m[key])) {
      delete m[key];
      changed = true;
    }
  }
  if (builtin && (type === 'camera' || type === 'scanner') && !('isAutoToggle' in m)) {
    m.isAutoToggle = true;
    changed = true;
  }
  return { metadata: m, changed };
}

async function rewrite(db: Kysely<unknown>, table: 'checklist_items' | 'task_type_checklist_items'): Promise<void> {
  const keys = Object.keys(DEFAULTS);
  const { rows } = await sql<{ id: string; type: string; metadata: unknown }>`
    SELECT id, type, metadata FROM ${sql.table(table)}
    WHERE metadata ?| ${sql.raw(`ARRAY[${keys.map((k) => `'${k}'`).join(', ')}]`)}
  `.execute(db);
  for (const row of rows) {
    const { metadata, changed } = withoutDefaultWords(row.type, row.metadata);
    if (changed) await sql`UPDATE ${sql.table(table)} SET metadata = ${JSON.stringify(metadata)}::jsonb WHERE id = ${row.id}`.execute(db);
  }
}

export const m0015_checklist_words: Migration = {
  async up(db: Kysely<unknown>) {
    await rewrite(db, 'checklist_items');
    await rewrite(db, 'task_type_checklist_items');
  },
};
