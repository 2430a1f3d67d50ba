import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { ConfirmDialog } from './ConfirmDialog';

beforeAll(activateEnglish);

const noop = () => undefined;

describe('ConfirmDialog', () => {
  it('asks with Cancel first and a red confirm button by default', () => {
    const html = renderMarkup(
      <ConfirmDialog open title="Delete this photo?" confirmLabel="Delete" onConfirm={noop} onClose={noop}>
        <p>The photo will be removed.</p>
      </ConfirmDialog>,
    );
    expect(html).toMatch(/<dialog class="dialog" aria-labelledby="([^"]+)"><div class="dialog-body"><div class="dialog-header"><h2 id="\1" class="dialog-title">Delete this photo\?<\/h2>/);
    expect(html).toContain('<div class="dialog-actions"><button type="button" class="btn btn-text">Cancel</button><button type="button" class="btn btn-danger">Delete</button></div>');
  });

  it('confirms a commitment in the brand colour, with its own cancel words and emphasis', () => {
    const html = renderMarkup(
      <ConfirmDialog open title="Sign out now?" tone="primary" cancelLabel="Stay" cancelEmphasis confirmLabel="Go" busy onConfirm={noop} onClose={noop} />,
    );
    expect(html).toContain('<button type="button" class="btn btn-secondary">Stay</button><button type="button" class="btn" disabled="">Go</button>');
  });
});
