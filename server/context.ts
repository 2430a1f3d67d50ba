/** What every feature module gets from buildApp: database, clock, config, mailer, token settings. */
import type { Db } from './db/database';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Mailer } from './mail/mailer';

export interface AppContext {
  db: Db;
  clock: Clock;
  config: ServerConfig;
  mailer: Mailer;
  tokens: TokenSettings;
}

/** How access and refresh tokens are signed and how long they live (server/http/accessTokens.ts, server/auth/tokens.ts). */
export interface TokenSettings {
  secret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}
