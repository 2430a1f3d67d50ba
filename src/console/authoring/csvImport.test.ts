import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvCell, csvFingerprint, exampleCsv, previewVerdict } from './csvImport';
import { hasValidCheckDigit } from '#domain/ean';

describe('the CSV import help', () => {
  it('gives an example file that parses into the documented columns with valid product codes', () => {
    const records = parse(exampleCsv(), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual(CSV_COLUMNS.map((c) => c.name));
    expect(records).toHaveLength(2);
    expect(records[0]!.descriptiveComment).toBe('Check the dairy shelf');
    expect(records[1]!.descriptiveComment).toBe('Two facings at least, please');
    for (const ean of records[0]!.products!.split('|')) expect(hasValidCheckDigit(ean)).toBe(true);
  });

  it('quotes a cell only when it must', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
  });

  it('offers the import only when every previewed row is valid', () => {
    expect(previewVerdict([{ line: 2, ok: true }, { line: 3, ok: true }])).toEqual({ total: 2, valid: 2, invalid: 0, canImport: true });
    expect(previewVerdict([{ line: 2, ok: true }, { line: 3, ok: false, errors: { reward: 'AMOUNT_INVALID' } }]).canImport).toBe(false);
    expect(previewVerdict([]).canImport).toBe(false);
  });

  it('tells an edited text from the previewed one', () => {
    expect(csvFingerprint('a,b\n1,2\n')).toBe(csvFingerprint('a,b\n1,2\n'));
    expect(csvFingerprint('a,b\n1,2\n')).not.toBe(csvFingerprint('a,b\n1,3\n'));
  });
});
