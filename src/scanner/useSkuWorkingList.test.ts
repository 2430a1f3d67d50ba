import { describe, expect, it } from 'vitest';
import { savedList } from './useSkuWorkingList';

describe('the saved list as the scanner screen shows it', () => {
  it('puts the newest scan first and drops the mirror fields', () => {
    const rows = [
      { id: 'b', ean: '96385074', facings: 1, timestamp: '2026-11-21T08:00:00.000Z', taskId: 't1' },
      { id: 'a', ean: '4006381333931', facings: 2, timestamp: '2026-11-21T09:00:00.000Z', taskId: 't1' },
      { id: 'c', ean: '4770000000017', facings: 3, timestamp: '2026-11-21T08:00:00.000Z', taskId: 't1' },
    ];
    expect(savedList(rows)).toEqual([
      { id: 'a', ean: '4006381333931', facings: 2, timestamp: '2026-11-21T09:00:00.000Z' },
      { id: 'b', ean: '96385074', facings: 1, timestamp: '2026-11-21T08:00:00.000Z' },
      { id: 'c', ean: '4770000000017', facings: 3, timestamp: '2026-11-21T08:00:00.000Z' },
    ]);
  });
});
