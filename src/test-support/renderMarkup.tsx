/**
 * Component tests that only need markup: English with no compiled catalog (messages show their
 * source text) and a memory router for links.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

/** Activates English with no catalog; call from beforeAll. */
export function activateEnglish(): void {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
}

/** Static HTML of `node` inside the i18n provider and a memory router. */
export function renderMarkup(node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nProvider>,
  );
}
