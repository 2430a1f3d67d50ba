import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import type { ChecklistItemRow } from '#db/schema';
import { messages as pl } from '../locales/pl/messages.po';
import { ChecklistItemView } from './ChecklistItemView';

beforeAll(activateEnglish);

const render = renderMarkup;

const item = (over: Partial<ChecklistItemRow>): ChecklistItemRow => ({
  id: 'i1',
  taskId: 't1',
  position: 0,
  type: 'plain',
  title: 'Server title',
  description: null,
  isDone: false,
  isOptional: false,
  metadata: {},
  ...over,
});

const view = (over: Partial<ChecklistItemRow>, done = false, auto = false) =>
  render(<ChecklistItemView taskId="t1" item={item(over)} done={done} auto={auto} onToggle={() => undefined} />);

describe('ChecklistItemView', () => {
  it('links a camera item to the camera with its tags and title, using the metadata titles', () => {
    const html = view({ type: 'camera', metadata: { tags: ['before'], titleOverride: 'Shelf', buttonTitle: 'Take shelf photo', doneTitle: 'Shelf done' } });
    // A required step tells the camera so (isMandatory); an optional one does not.
    expect(html).toContain('href="/task/t1/camera/?tags=before&amp;title=Shelf&amp;isMandatory=true"');
    expect(view({ type: 'camera', isOptional: true, metadata: { tags: ['before'], titleOverride: 'Shelf' } })).toContain('href="/task/t1/camera/?tags=before&amp;title=Shelf"');
    expect(html).toContain('Take shelf photo');
    expect(html).not.toContain('Server title');
    expect(view({ type: 'camera', metadata: { buttonTitle: 'Take', doneTitle: 'Shelf done' } }, true)).toContain('Shelf done');
  });

  it('says scanning comes later while the app has no scanner screen, and links it once it does', () => {
    expect(view({ type: 'scanner' })).toContain('Scanning in the app arrives in a later version');
    const router = createMemoryRouter(
      [
        { path: '/', element: <ChecklistItemView taskId="t1" item={item({ type: 'scanner' })} done={false} auto={false} onToggle={() => undefined} /> },
        { path: '/task/:taskId/skus', element: null },
        { path: '*', element: null },
      ],
      { initialEntries: ['/'] },
    );
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    expect(html).toContain('href="/task/t1/skus"');
  });

  it('opens a link item in a new tab without an opener, and refuses unsafe targets', () => {
    const safe = view({ type: 'link', metadata: { target: 'https://example.com/a' } });
    expect(safe).toContain('href="https://example.com/a"');
    expect(safe).toContain('target="_blank"');
    expect(safe).toContain('rel="noopener noreferrer"');
    expect(view({ type: 'link', metadata: { target: 'javascript:alert(1)' } })).not.toContain('javascript:');
  });

  it('marks optional items in words and gives auto-toggle items no tick box', () => {
    expect(view({ isOptional: true })).toContain('Optional');
    expect(view({ type: 'camera', metadata: { isAutoToggle: true } }, false, true)).not.toContain('type="checkbox"');
    expect(view({})).toContain('type="checkbox"');
  });

  it("names each item type's action in the tasker's language, and an author's own words as written", () => {
    i18n.loadAndActivate({ locale: 'pl', messages: pl });
    try {
      const camera = view({ type: 'camera', metadata: { tags: ['before'], isAutoToggle: true } }, false, true);
      expect(camera).toContain('>Zrób zdjęcia<');
      expect(camera).toContain('aria-label="Jeszcze niewykonane"');
      expect(view({ type: 'defects' })).toContain('>Zgłoś usterki<');
      expect(view({ type: 'link', metadata: { target: 'https://example.com/a' } })).toContain('>Otwórz<');
      for (const html of [camera, view({ type: 'defects' }), view({ type: 'link', metadata: { target: 'https://example.com/a' } })]) {
        expect(html).not.toMatch(/Take photos|Log defects|>Open</);
      }
      expect(view({ type: 'camera', metadata: { buttonTitle: 'Sfotografuj regał' } })).toContain('>Sfotografuj regał<');
    } finally {
      activateEnglish();
    }
  });
});
