import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../../test-support/renderMarkup';
import { DecisionPanel } from './DecisionPanel';

beforeAll(activateEnglish);

describe('DecisionPanel', () => {
  it('offers accept, reject and accept with a reduced reward, accept chosen first, and names its keys', () => {
    const html = renderMarkup(<DecisionPanel taskId="t1" reward="20.00" currencyCode="EUR" onDecided={() => {}} />);
    expect(html).toMatch(/class="is-active"><input type="radio"[^>]*checked=""[^>]*\/>Accept<\/label>/);
    expect(html).toContain('>Reject</label>');
    expect(html).toContain('>Accept with a reduced reward</label>');
    expect(html).toContain('Comment for the tasker (optional)');
    expect(html).toMatch(/<kbd>A<\/kbd> accept/);
    expect(html).toMatch(/<kbd>R<\/kbd> reason/);
    expect(html).toMatch(/<kbd>J<\/kbd>\/<kbd>N<\/kbd> next/);
  });
});
