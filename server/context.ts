/** What every feature module gets from buildApp: database, clock, config, mailer, token settings. */
import type { Db } from './db/database';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Mailer } from './mail/mailer';
import type { TokenSettings } from './auth/tokens';

export interface AppContext {
  db: Db;
  clock: Clock;
  config: ServerConfig;
  mailer: Mailer;
  tokens: TokenSettings;
}
