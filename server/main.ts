/**
 * Server entry (`npm start` / `npx tsx server/main.ts`): reads the environment, opens the
 * database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), runs migrations, seeds an empty
 * database with the demo data, listens on PORT, and prints how to log in.
 */
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { DEMO_ACCOUNTS, seedIfEmpty } from './db/seed';
import { buildApp } from './app';
import { systemClock } from './clock';
import { startExpiryJob } from './jobs/expiry';

function banner(config: ServerConfig, url: string, dbInfo: string, mailKind: string): string {
  const lines = [
    '',
    `Shelfwork is running at ${url}  (API under ${url}/api)`,
    `Database: ${dbInfo}`,
    `Mail: ${mailKind === 'smtp' ? 'SMTP' : `dev mailbox (codes printed here and at ${url}/api/dev/mailbox?email=…)`}`,
    '',
    'Demo accounts (password login, or email code login):',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(32)} password ${a.password}   ${a.description}`),
    '',
    `Staff API: Authorization: Bearer ${config.staffTokenIsDefault ? `${config.staffToken}   (dev default; set STAFF_TOKEN)` : '<STAFF_TOKEN from the environment>'}`,
    `  e.g. curl -H 'Authorization: Bearer ${config.staffTokenIsDefault ? config.staffToken : '$STAFF_TOKEN'}' '${url}/api/staff/users?email=pending'`,
    '  CLI: npm run staff -- --help',
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(opened.db);
  if (config.seedDemo) {
    const seeded = await seedIfEmpty(opened.db, systemClock.now());
    if (seeded) console.log(`Seeded demo data: ${seeded.tasks} tasks, ${seeded.places} stores, ${seeded.users} users.`);
  }
  const { app, context } = await buildApp({ db: opened.db, config, logger: process.env.LOG_REQUESTS === '1' });
  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  console.log(banner(config, `http://localhost:${port}`, `${opened.kind} (${opened.location})`, context.mailer.kind));
  // Scheduled work runs in every process; the job itself is safe to run concurrently (see jobs/expiry.ts).
  const expiry = process.env.RUN_JOBS === '0' ? null : startExpiryJob(opened.db, systemClock);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing…`);
    await app.close();
    await expiry?.stop();
    await opened.db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Cannot start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
