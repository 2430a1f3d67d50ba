/**
 * The staff console's entry (/staff): its own HTML page and bundle, so the tasker app's first
 * screen carries none of it. Activates the console's language, then renders the router.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/theme.css';
import '../ui/primitives.css';
import './console.css';
import { ConsoleApp } from './App';
import { activateConsoleLocale, initialConsoleLocale } from './i18n';

async function boot(): Promise<void> {
  await activateConsoleLocale(initialConsoleLocale());
  const root = document.getElementById('root');
  if (!root) throw new Error('the console page has no #root');
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
}

void boot();
