import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { Alert } from './Alert';

beforeAll(activateEnglish);

describe('Alert', () => {
  it('is a paragraph with the tone and role the caller chose', () => {
    expect(renderMarkup(<Alert tone="error" role="alert">No signal</Alert>)).toBe('<p class="alert alert-error" role="alert">No signal</p>');
    expect(renderMarkup(<Alert tone="info">Read this</Alert>)).toBe('<p class="alert alert-info">Read this</p>');
  });

  it('holds block content in a div when asked', () => {
    const html = renderMarkup(
      <Alert tone="warning" role="status" as="div" className="extra">
        <p>One</p>
      </Alert>,
    );
    expect(html).toBe('<div class="alert alert-warning extra" role="status"><p>One</p></div>');
  });

  it('lays out an icon, the text and a labelled dismiss button in a row', () => {
    const html = renderMarkup(
      <Alert tone="warning" role="note" icon="pin" onDismiss={() => undefined}>
        Location is off
      </Alert>,
    );
    expect(html).toMatch(/^<div class="alert alert-warning alert-row" role="note"><svg[^>]*class="alert__icon"/);
    expect(html).toContain('<div class="alert__text">Location is off</div>');
    expect(html).toContain('<button type="button" class="alert__dismiss" aria-label="Dismiss">');
  });
});
