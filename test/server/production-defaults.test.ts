/**
 * A production server never seeds the demo accounts (known passwords, demo codes) unless told to:
 * SEED_DEMO defaults to true only outside production.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:25', STAFF_TOKEN: 'a-long-random-staff-token-for-this-test' };

describe('the demo seed', () => {
  it('is off by default in production and on by default elsewhere', () => {
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({}).seedDemo).toBe(true);
  });

  it('follows SEED_DEMO when it is set', () => {
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
