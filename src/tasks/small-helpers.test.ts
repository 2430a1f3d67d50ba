import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '#domain/errors';
import type { SyncMeta } from '#db/schema';
import { clockText, timeLeft } from './countdown';
import { freshnessOf } from '../shared/freshness';
import { markdownBlocks, plainInline } from './markdown';
import { refreshOutcome } from './refreshOutcome';
import { externalMapsUrl, statusFromPathname } from './routes';
import { formatTimeWindow } from './timeWindow';

const NOW = new Date('2026-11-21T10:00:00Z');
const meta = (m: Partial<SyncMeta>): SyncMeta => ({ key: 'tasks:available', syncedAt: null, error: null, attemptedAt: null, ...m });

describe('freshnessOf', () => {
  it.each<[string, SyncMeta | null | undefined, ReturnType<typeof freshnessOf>]>([
    ['still reading', undefined, { kind: 'loading' }],
    ['no meta row means never synced', null, { kind: 'never', failed: false }],
    ['a failed first attempt', meta({ error: 'NETWORK', attemptedAt: '2026-11-21T09:59:00Z' }), { kind: 'never', failed: true }],
    ['synced two and a half minutes ago', meta({ syncedAt: '2026-11-21T09:57:30Z' }), { kind: 'synced', minutesAgo: 2, failed: false }],
    ['synced, then a refresh failed', meta({ syncedAt: '2026-11-21T09:00:00Z', error: 'NETWORK' }), { kind: 'synced', minutesAgo: 60, failed: true }],
    ['a sync stamped slightly in the future counts as now', meta({ syncedAt: '2026-11-21T10:00:20Z' }), { kind: 'synced', minutesAgo: 0, failed: false }],
  ])('%s', (_name, input, expected) => {
    expect(freshnessOf(input, NOW)).toEqual(expected);
  });
});

describe('timeLeft', () => {
  it.each<[string, string, string, number, boolean]>([
    ['an hour and a bit', '2026-11-21T11:02:03Z', '01:02:03', 0, false],
    ['over a day', '2026-11-22T12:00:00Z', '02:00:00', 1, false],
    ['a part second rounds up', '2026-11-21T10:00:00.200Z', '00:00:01', 0, false],
    ['exactly now is expired', '2026-11-21T10:00:00Z', '00:00:00', 0, true],
    ['the past is expired', '2026-11-20T10:00:00Z', '00:00:00', 0, true],
    ['an unreadable date is expired', 'not a date', '00:00:00', 0, true],
  ])('%s', (_name, deadline, clock, days, expired) => {
    const left = timeLeft(deadline, NOW);
    expect([clockText(left), left.days, left.expired]).toEqual([clock, days, expired]);
  });
});

describe('markdownBlocks', () => {
  it('reads headings, paragraphs and lists', () => {
    const md = '# Steps\n\nFind the **coffee** shelf.\nTake a [photo](https://x.lt).\n\n- Front view\n- Price tags\n  visible\n\n1. Scan\n2. Count';
    expect(markdownBlocks(md)).toEqual([
      { kind: 'heading', text: 'Steps' },
      { kind: 'paragraph', text: 'Find the coffee shelf. Take a photo.' },
      { kind: 'list', ordered: false, items: ['Front view', 'Price tags visible'] },
      { kind: 'list', ordered: true, items: ['Scan', 'Count'] },
    ]);
  });

  it('never keeps HTML tags', () => {
    expect(markdownBlocks('<script>alert(1)</script> Hi <img src=x onerror=alert(1)>')).toEqual([{ kind: 'paragraph', text: 'alert(1) Hi' }]);
  });

  it.each([
    ['`code` and _em_ and __strong__', 'code and em and strong'],
    ['![logo](x.png) text', 'logo text'],
    ['snake_case_name stays', 'snake_case_name stays'],
  ])('plainInline(%j) is %j', (input, expected) => {
    expect(plainInline(input)).toBe(expected);
  });

  it('reads an empty description as no blocks', () => {
    expect(markdownBlocks('\n\n')).toEqual([]);
  });
});

describe('routes', () => {
  it.each([
    ['/reservable', 'available'],
    ['/reserved', 'reserved'],
    ['/reserved/', 'reserved'],
    ['/in_progress', 'in_progress'],
    ['/somewhere', 'available'],
  ])('%s shows %s tasks', (path, status) => {
    expect(statusFromPathname(path)).toBe(status);
  });

  it('links a place to an external map at its coordinates', () => {
    expect(externalMapsUrl({ latitude: 54.6872, longitude: 25.2797 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=54.687200%2C25.279700',
    );
  });
});

describe('refreshOutcome', () => {
  const fail = (status: number, code: ErrorCode) => ({ ok: false as const, error: { status, code, message: '' } });
  it.each<[string, Parameters<typeof refreshOutcome>[0], string]>([
    ['success', { ok: true, value: undefined }, 'ok'],
    ['a 404', fail(404, 'NOT_FOUND'), 'not_found'],
    ['the task-not-found code', fail(420, 'TASK_NOT_FOUND'), 'not_found'],
    ['a 403', fail(403, 'CANNOT_SEE_TASKS'), 'forbidden'],
    ['no connection', fail(0, 'NETWORK'), 'offline'],
    ['a server error', fail(500, 'UNKNOWN'), 'error'],
  ])('%s means %s', (_name, result, expected) => {
    expect(refreshOutcome(result)).toBe(expected);
  });
});

describe('formatTimeWindow', () => {
  it('shares the date when both ends fall on the same day', () => {
    const text = formatTimeWindow('2026-11-21T08:00:00Z', '2026-11-21T16:00:00Z', 'en-GB', 'Europe/Vilnius');
    expect(text).toContain('10:00');
    expect(text).toContain('18:00');
    expect(text.match(/21/g)).toHaveLength(1);
  });

  it('shows both dates for a window over several days', () => {
    const text = formatTimeWindow('2026-11-21T08:00:00Z', '2026-11-23T16:00:00Z', 'en-GB', 'Europe/Vilnius');
    expect(text).toContain('21');
    expect(text).toContain('23');
  });

  it('is empty for an unreadable date', () => {
    expect(formatTimeWindow('nope', '2026-11-23T16:00:00Z', 'en')).toBe('');
  });
});
