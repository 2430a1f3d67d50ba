/**
 * Logging in the way a tasker does: email + consents on /login, the code from the dev mailbox on
 * /passcode. Demo accounts come from the server's seed (server prints them on start).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { PasscodePage } from '../pages/PasscodePage';
import { RegisterPage } from '../pages/RegisterPage';
import { waitForCode } from './mailbox';

/** The approved demo tasker of the LT market (seeded on the server's first start). */
export const APPROVED_LT_TASKER = 'lt@demo.shelfwork.app';
export const DEMO_PASSWORD = 'demo1234';

export async function loginWithEmailCode(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const since = new Date();
  const login = new LoginPage(page);
  await login.goto();
  await login.requestCode(email);
  const passcode = new PasscodePage(page);
  await passcode.expectShown(email);
  await passcode.enterCode(await waitForCode(request, email, since));
  await expect(page).not.toHaveURL(/\/(login|passcode)/, { timeout: 20_000 });
}

export async function registerNewTasker(page: Page, request: APIRequestContext, email: string, country = 'Lithuania'): Promise<void> {
  const since = new Date();
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(email, country);
  const passcode = new PasscodePage(page);
  await passcode.expectShown(email);
  await passcode.enterCode(await waitForCode(request, email, since));
}

/** Password login on /login (the demo accounts have the password DEMO_PASSWORD). */
export async function loginWithPassword(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.loginWithPassword(email, password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}
