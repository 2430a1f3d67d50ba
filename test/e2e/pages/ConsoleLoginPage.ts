/**
 * The staff console's sign-in (/staff/login) as a member uses it: the work e-mail, the 6-digit
 * code from the dev mailbox, then the console. Also the console's own browser context (desktop
 * 1280×800, the console language remembered in localStorage) and, for tests that are not about
 * signing in, a session obtained through the API and put where the console keeps it
 * (sessionStorage, so each tab signs in on its own).
 */
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { waitForCode } from '../support/mailbox';

/** The console is a desktop and tablet tool: laid out for 1280×800 first. */
export const CONSOLE_VIEWPORT = { width: 1280, height: 800 };

/** Where the console keeps its language (src/console/i18n.ts) and its session (src/console/session.ts). */
const LOCALE_KEY = 'shelfwork.console.locale';
const SESSION_KEY = 'shelfwork.console.session';

export interface ConsoleSession {
  token: string;
  refreshToken: string;
  staff: { id: string; email: string; name: string; roles: string[]; markets: string[]; active: boolean };
}

/**
 * A browser context for one staff member at a desk: 1280×800, the console in `locale`, requests
 * and navigations relative to `origin`. `session` signs the member in in every tab it opens.
 */
export async function consoleContext(browser: Browser, origin: string, options: { locale?: string; session?: ConsoleSession } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: CONSOLE_VIEWPORT,
    hasTouch: false,
    isMobile: false,
    locale: 'en-US',
    timezoneId: 'Europe/Vilnius',
  });
  const { locale, session } = options;
  await context.addInitScript(
    ({ localeKey, sessionKey, locale: chosen, session: given }) => {
      if (chosen) localStorage.setItem(localeKey, chosen);
      if (given && !sessionStorage.getItem(sessionKey)) sessionStorage.setItem(sessionKey, JSON.stringify(given));
    },
    { localeKey: LOCALE_KEY, sessionKey: SESSION_KEY, locale: locale ?? null, session: session ?? null },
  );
  return context;
}

/** Signs a staff member in through the API (send-code, the mailbox's code, login): the console's session. */
export async function staffSessionViaApi(request: APIRequestContext, email: string): Promise<ConsoleSession> {
  const since = new Date();
  const sent = await request.post('/api/staff/auth/send-code', { data: { email } });
  expect(sent.ok(), `staff send-code for ${email} answered ${sent.status()}`).toBe(true);
  const code = await waitForCode(request, email, since);
  const response = await request.post('/api/staff/auth/login', { data: { email, code } });
  expect(response.ok(), `staff login of ${email} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as ConsoleSession;
}

export class ConsoleLoginPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/staff/login');
  }

  get email(): Locator {
    return this.page.getByLabel('Work e-mail');
  }

  get code(): Locator {
    return this.page.getByLabel('Code', { exact: true });
  }

  /** The whole sign-in: e-mail, the mailed code, and the console's start page. */
  async signIn(request: APIRequestContext, email: string): Promise<void> {
    await this.goto();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Shelfwork staff' })).toBeVisible({ timeout: 20_000 });
    const since = new Date();
    await this.email.fill(email);
    await this.page.getByRole('button', { name: 'Send sign-in code' }).click();
    await expect(this.code).toBeVisible();
    await this.code.fill(await waitForCode(request, email, since));
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(this.page).not.toHaveURL(/\/staff\/login/, { timeout: 20_000 });
    await expect(this.page.locator('.console-who')).toContainText(email);
  }
}

/** Opens a new desk (context + tab) for `email` and signs in through the console's own form. */
export async function openConsoleAs(browser: Browser, origin: string, request: APIRequestContext, email: string): Promise<Page> {
  const context = await consoleContext(browser, origin);
  const page = await context.newPage();
  await new ConsoleLoginPage(page).signIn(request, email);
  return page;
}
