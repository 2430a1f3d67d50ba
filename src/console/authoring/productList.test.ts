import { describe, expect, it } from 'vitest';
import { emptyProductRow, productListErrors, rowsFromPaste, toProductInputs, type ProductRow } from './productList';

const row = (ean: string, name: string, expectedFacings = ''): ProductRow => ({ key: `${ean}|${name}`, ean, name, expectedFacings });

describe('product list rows', () => {
  it('accepts GS1 codes with a right check digit and refuses a wrong one', () => {
    const rows = [row('4006381333931', 'Milk'), row('96385074', 'Gum', '3'), row('4006381333932', 'Bad digit')];
    const errors = productListErrors(rows);
    expect(errors['4006381333931|Milk']).toBeUndefined();
    expect(errors['96385074|Gum']).toBeUndefined();
    expect(errors['4006381333932|Bad digit']).toEqual({ ean: 'EAN_INVALID' });
  });

  it('requires a code and a name, and facings from 0 to 99 when given', () => {
    const errors = productListErrors([row('', 'No code'), row('5901234123457', '', '100'), row('4006381333931', 'x', '2.5')]);
    expect(errors['|No code']).toEqual({ ean: 'REQUIRED' });
    expect(errors['5901234123457|']).toEqual({ name: 'REQUIRED', expectedFacings: 'FACINGS_INVALID' });
    expect(errors['4006381333931|x']).toEqual({ expectedFacings: 'FACINGS_INVALID' });
  });

  it('marks a repeated code after its first row', () => {
    const errors = productListErrors([row('4006381333931', 'A'), row(' 4006381333931 ', 'B')]);
    expect(errors['4006381333931|A']).toBeUndefined();
    expect(errors[' 4006381333931 |B']).toEqual({ ean: 'DUPLICATE' });
  });

  it('sends trimmed rows, facings as numbers, and leaves blank rows out', () => {
    expect(toProductInputs([row(' 4006381333931', ' Milk ', '4'), emptyProductRow(), row('5901234123457', 'Bread')])).toEqual([
      { ean: '4006381333931', name: 'Milk', expectedFacings: 4 },
      { ean: '5901234123457', name: 'Bread' },
    ]);
  });
});

describe('pasting products', () => {
  it('takes spreadsheet lines of code, name and facings', () => {
    const rows = rowsFromPaste('4006381333931\tMilk 1 l\t3\n5901234123457;Bread;\n');
    expect(rows.map(({ ean, name, expectedFacings }) => [ean, name, expectedFacings])).toEqual([
      ['4006381333931', 'Milk 1 l', '3'],
      ['5901234123457', 'Bread', ''],
    ]);
  });

  it('takes many bare codes on a line or one per line, skipping codes already listed', () => {
    const rows = rowsFromPaste('4006381333931 5901234123457, 96385074\n4006381333931\n', [row('96385074', 'Gum')]);
    expect(rows.map((r) => r.ean)).toEqual(['4006381333931', '5901234123457']);
  });
});
