/**
 * The demo letters of authority (public/letters/, written by scripts/make-letters.ts): one valid
 * PDF per retailer of the seed, the committed files are the generator's current output, and every
 * seeded task points at one of them on the app's own origin (so the task pack keeps it and it
 * opens offline).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_RETAILERS } from '../../server/db/seed-data';
import { LETTERS_DIR, letterFile, letterPath, letterPdf, letterText } from '../../scripts/make-letters';
import { LOCALES } from '#domain/types';
import { translate } from '../../server/http/messages';
import { migrateToLatest } from '../../server/db/migrations';
import { seedDemo } from '../../server/seed/demo';
import { createTestDatabase, SEED_TIME, type TestDatabase } from './helpers';

const file = (retailerId: string) => join(process.cwd(), LETTERS_DIR, `${retailerId}.pdf`);

/** Checks the file structure a viewer relies on: header, every xref offset at its object, startxref at the table, trailer, EOF. */
function expectWellFormedPdf(bytes: Buffer, name: string): void {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.'), `${name}: header`).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF'), `${name}: %%EOF`).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4), `${name}: startxref points at the xref table`).toBe('xref');
  const table = /^xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(text.slice(startxref));
  expect(table, `${name}: xref table`).not.toBeNull();
  const count = Number(table![1]);
  const entries = table![2]!.match(/.{20}/gs) ?? [];
  expect(entries).toHaveLength(count);
  entries.slice(1).forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${i + 1} 0 obj`), `${name}: object ${i + 1} at ${offset}`).toBe(true);
  });
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const start = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(start + length, start + length + 'endstream'.length), `${name}: stream /Length`).toBe('endstream');
  expect(text).toMatch(/\/Root 1 0 R/);
}

describe('letters of authority', () => {
  it('are one valid PDF per retailer, with its name, exactly as scripts/make-letters.ts writes them', () => {
    for (const retailer of SEED_RETAILERS) {
      expect(existsSync(file(retailer.id)), `${LETTERS_DIR}/${retailer.id}.pdf is committed (npx tsx scripts/make-letters.ts)`).toBe(true);
      const bytes = readFileSync(file(retailer.id));
      expect(bytes.equals(letterPdf(retailer.name)), `${retailer.id}.pdf is the generator's current output`).toBe(true);
      expectWellFormedPdf(bytes, retailer.id);
      const text = bytes.toString('latin1');
      expect(text).toContain('(Letter of authority) Tj');
      if (/^[\x20-\x7e]+$/.test(retailer.name)) expect(text).toContain(`(Retailer: ${retailer.name}) '`);
    }
    // Żabka's Ż is outside WinAnsi: the font encoding names its glyph.
    expect(readFileSync(file('zabka')).toString('latin1')).toContain('/Differences [129 /Zdotaccent]');
  });

  it('come in every language of the app, each the generator’s output, the title from the catalogs', () => {
    for (const retailer of SEED_RETAILERS) {
      for (const locale of LOCALES) {
        const path = join(process.cwd(), letterFile(retailer.id, locale));
        expect(existsSync(path), `${letterFile(retailer.id, locale)} is committed (npx tsx scripts/make-letters.ts)`).toBe(true);
        const bytes = readFileSync(path);
        expect(bytes.equals(letterPdf(retailer.name, locale)), `${letterFile(retailer.id, locale)} is the generator's current output`).toBe(true);
        expectWellFormedPdf(bytes, `${retailer.id}.${locale}`);
      }
    }
    // The title is translated already: not the English in the Polish letter.
    expect(letterText('Biedronka', 'pl').title).not.toBe('Letter of authority');
    expect(letterText('Biedronka', 'pl').title).toBe(translate({ text: 'Letter of authority' }, 'pl'));
  });

  describe('in the seed', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
      // A fresh PostgreSQL database (the postgres stage) comes empty; the PGlite snapshot is seeded.
      if (!database.seeded) {
        await migrateToLatest(database.db);
        await seedDemo(database.db, new Date(SEED_TIME));
      }
    });
    afterAll(async () => {
      await database?.close();
    });

    it('every task points at its retailer’s letter on the app’s own origin', async () => {
      const rows = await database.db
        .selectFrom('tasks')
        .innerJoin('places', 'places.id', 'tasks.place_id')
        .select(['tasks.letter_of_authority_url as url', 'places.retailer_id as retailerId'])
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.url).toBe(letterPath(row.retailerId));
        expect(existsSync(file(row.retailerId)), row.url ?? '').toBe(true);
      }
    });
  });
});
