import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../../test-support/renderMarkup';
import { ReviewDetails, type Review } from './ReviewDetails';

beforeAll(activateEnglish);

const review = (over: Partial<Review> = {}): Review => ({
  id: 't1',
  status: 'awaiting_confirmation',
  title: 'Shelf check',
  taskType: { id: 'sku-scan', title: 'SKU scan' },
  place: { id: 'p1', title: 'Maxima Centre', address: 'Gedimino pr. 1', city: 'Vilnius', retailer: { id: 'r1', name: 'Maxima' }, latitude: 54.68, longitude: 25.27 },
  country: 'LT',
  tasker: { id: 'u1', name: 'Rūta Petraitė', email: 'ruta@example.com' },
  timeWindowStart: '2026-03-10T06:00:00.000Z',
  timeWindowEnd: '2026-03-10T14:00:00.000Z',
  descriptiveComment: null,
  start: { at: '2026-03-10T08:30:00.000Z', receivedAt: '2026-03-10T08:31:00.000Z', latitude: 54.69, longitude: 25.27, distanceMeters: 1450 },
  finishedAt: '2026-03-10T13:50:00.000Z',
  deliveredAt: '2026-03-10T15:00:00.000Z',
  late: true,
  completion: { outcome: 'complete', reason: null, policyAgreed: false, taskerComment: 'Shelf half empty' },
  photos: [
    { id: 'ph1', url: '/api/photos/ph1/file?exp=1&sig=x', comment: 'left bay', tags: ['before'], createdAt: '2026-03-10T09:00:00.000Z' },
    { id: 'ph2', url: null, comment: '', tags: ['after'], createdAt: '2026-03-10T09:01:00.000Z' },
  ],
  checklist: [
    { id: 'c1', position: 0, type: 'camera', title: 'Photo before', description: null, isOptional: false, done: true },
    { id: 'c2', position: 1, type: 'scanner', title: 'Scan the shelf', description: 'Every facing', isOptional: false, done: false },
  ],
  products: [
    { ean: '111', name: 'Milk', brand: 'Žemaitijos', expectedFacings: 2, facings: 3, state: 'scanned' },
    { ean: '222', name: 'Kefir', brand: 'Rokiškio', expectedFacings: null, facings: null, state: 'missing' },
    { ean: '333', name: 'Butter', brand: 'Dvaro', expectedFacings: null, facings: 0, state: 'zero_facing' },
  ],
  unexpected: [{ ean: '999', name: null, facings: 1, zeroFacing: false }],
  scans: [],
  defects: [{ id: 'd1', name: 'Dirty shelf', type: 'regular' }],
  blockers: [{ id: 'b1', name: 'Store closed', type: 'task_blocker' }],
  money: { currencyCode: 'EUR', reward: '20.00', baseReward: '15.00', bonusReward: '5.00', reducedReward: null },
  outcome: null,
  earlier: [{ id: 't0', title: 'Shelf check', status: 'accepted', finishedAt: '2026-03-03T10:00:00.000Z', tasker: null, photos: 1 }],
  ...over,
});

/** The class and text of the scans table row of `ean`. */
function scanRow(html: string, ean: string): string {
  const rows = html.match(/<tr[^>]*>.*?<\/tr>/g) ?? [];
  return rows.find((r) => r.includes(`<code>${ean}</code>`)) ?? '';
}

describe('ReviewDetails', () => {
  let html = '';
  beforeAll(() => {
    html = renderMarkup(<ReviewDetails data={review()} decision={<p>DECISION</p>} />);
  });

  it('marks the missing, zero-facing and unexpected scan rows and leaves the expected one plain, problems first', () => {
    expect(scanRow(html, '222')).toContain('class="is-missing"');
    expect(scanRow(html, '222')).toContain('Missing');
    expect(scanRow(html, '333')).toContain('class="is-zero_facing"');
    expect(scanRow(html, '999')).toContain('class="is-unexpected"');
    expect(scanRow(html, '999')).toContain('Not on the list');
    expect(scanRow(html, '111')).not.toContain('class="is-');
    expect(html.indexOf('<code>222</code>')).toBeLessThan(html.indexOf('<code>111</code>'));
    expect(html).toContain('2 of 3 listed products scanned');
  });

  it('shows each checklist item with its state, the photos, defects, blockers and the late delivery', () => {
    expect(html).toMatch(/class="is-done".*Photo before/);
    expect(html).toMatch(/class="is-open".*Scan the shelf/);
    expect(html).toContain('Checklist (1 of 2 done)');
    expect(html).toContain('src="/api/photos/ph1/file?exp=1&amp;sig=x"');
    expect(html).toContain('Not uploaded yet');
    expect(html).toContain('Dirty shelf');
    expect(html).toContain('Store closed');
    expect(html).toContain('Delivered late');
    expect(html).toContain('Shelf half empty');
    expect(html).toContain('DECISION');
  });

  it('warns when the start was farther from the store than a start is allowed', () => {
    expect(html).toMatch(/class="review-warn">.*1\.5 km from the store/);
    const near = renderMarkup(<ReviewDetails data={review({ start: { at: '2026-03-10T08:30:00.000Z', receivedAt: null, latitude: 1, longitude: 1, distanceMeters: 80 } })} />);
    expect(near).toMatch(/class="muted">.*80 m from the store/);
  });

  it('shows the outcome with the reduced reward once decided, without a decision slot', () => {
    const decided = renderMarkup(
      <ReviewDetails
        data={review({
          status: 'rejected',
          money: { currencyCode: 'EUR', reward: '20.00', baseReward: '20.00', bonusReward: null, reducedReward: '7.50' },
          outcome: { status: 'rejected', resultComment: 'Half the shelf missing', decidedAt: '2026-03-11T08:00:00.000Z', decidedBy: 'reviewer@shelfwork.test' },
        })}
      />,
    );
    expect(decided).toContain('Half the shelf missing');
    expect(decided).toContain('reviewer@shelfwork.test');
    expect(decided).toMatch(/reduced reward €7\.50/);
  });
});
