import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { DetailSection } from './DetailSection';

beforeAll(activateEnglish);

describe('DetailSection', () => {
  it('is a card with a level-2 title over its content', () => {
    expect(renderMarkup(<DetailSection title="Goal"><p>Fill the shelf</p></DetailSection>)).toBe(
      '<section class="card detail-section"><h2 class="detail-section__title">Goal</h2><p>Fill the shelf</p></section>',
    );
  });

  it('marks a warning with the stripe', () => {
    expect(renderMarkup(<DetailSection tone="warning" title="Missing trainings">x</DetailSection>)).toContain('class="card detail-section detail-section--warning"');
  });

  it('keeps collapsible content behind its title', () => {
    expect(renderMarkup(<DetailSection collapsible title="Instructions">Steps</DetailSection>)).toBe(
      '<section class="card detail-section"><details class="detail-section__details"><summary class="detail-section__title">Instructions</summary>Steps</details></section>',
    );
  });
});
