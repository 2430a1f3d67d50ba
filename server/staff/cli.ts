/**
 * Staff CLI: the staff API's operations run directly against the database
 * (`npm run staff -- <command> [options]`). Uses DATABASE_URL or DATA_DIR like the server.
 * Note: with PGlite the data folder is single-process; stop the server first, or use the
 * staff HTTP API while it runs.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { ApiError } from '../http/errors';
import { approveUser, createPlace, createTask, listUsers, rejectUser, reviewTask, REJECTION_REASON_FIELDS } from './service';

const HELP = `Shelfwork staff CLI

Usage: npm run staff -- <command> [options]

Commands:
  users [--email <part>]                 List users (id, email, status, country)
  approve --email <email> | --id <id>    Approve a profile (status active)
  reject (--email <email> | --id <id>) --reasons <f1,f2> [--comment <text>]
                                         Reject a profile; reasons are field names:
                                         ${REJECTION_REASON_FIELDS.join(', ')}
  create-place --title <t> --address <a> --city <c> --country <LT|PL|CZ|RO>
               --lat <latitude> --lng <longitude> --retailer <retailerId>
  create-task --place <placeId> --type <taskTypeId> --start <ISO> --end <ISO>
              --duration <minutes> --reward <amount> [--bonus <amount>]
              [--title <t>] [--comment <descriptive comment>] [--letter </letters/maxima.pdf>]
  accept --task <taskId> [--comment <result comment>]
                                         Accept a task awaiting confirmation
  reject-task --task <taskId> --comment <result comment> [--reduced <amount>]
                                         Reject a task awaiting confirmation, optionally
                                         with a reduced reward (≤ the reward)

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite folder, default ./data).
Output: JSON of the created/updated object.
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return 0;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      id: { type: 'string' },
      reasons: { type: 'string' },
      comment: { type: 'string' },
      letter: { type: 'string' },
      title: { type: 'string' },
      address: { type: 'string' },
      city: { type: 'string' },
      country: { type: 'string' },
      lat: { type: 'string' },
      lng: { type: 'string' },
      retailer: { type: 'string' },
      place: { type: 'string' },
      type: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      duration: { type: 'string' },
      reward: { type: 'string' },
      bonus: { type: 'string' },
      task: { type: 'string' },
      reduced: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const opened = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: process.env.DATA_DIR ?? './data', poolSize: 2 });
  const db = opened.db;
  try {
    await migrateToLatest(db);
    const now = new Date();
    const resolveUserId = async (): Promise<string> => {
      if (values.id) return values.id;
      if (!values.email) throw new Error('give --email or --id');
      const row = await db.selectFrom('users').select('id').where('email', '=', values.email.trim().toLowerCase()).executeTakeFirst();
      if (!row) throw new Error(`no user with email ${values.email}`);
      return row.id;
    };
    let result: unknown;
    switch (command) {
      case 'users':
        result = (await listUsers(db, values.email ?? null)).map((u) => ({ id: u.id, email: u.email, status: u.status, countryCode: u.countryCode }));
        break;
      case 'approve':
        result = await approveUser(db, await resolveUserId(), now);
        break;
      case 'reject':
        result = await rejectUser(
          db,
          await resolveUserId(),
          { reasons: (values.reasons ?? '').split(',').map((r) => r.trim()).filter(Boolean), comment: values.comment },
          now,
        );
        break;
      case 'create-place':
        result = await createPlace(
          db,
          { title: values.title, address: values.address, city: values.city, countryCode: values.country, latitude: values.lat, longitude: values.lng, retailerId: values.retailer },
          now,
        );
        break;
      case 'create-task':
        result = await db.transaction().execute((trx) =>
          createTask(
            trx,
            {
              placeId: values.place,
              taskTypeId: values.type,
              timeWindowStart: values.start,
              timeWindowEnd: values.end,
              expectedDuration: values.duration !== undefined ? Number(values.duration) : undefined,
              reward: values.reward,
              bonusReward: values.bonus,
              title: values.title,
              descriptiveComment: values.comment,
              letterOfAuthorityUrl: values.letter,
            },
            now,
          ),
        );
        break;
      case 'accept':
      case 'reject-task': {
        if (!values.task) throw new Error('give --task <taskId>');
        const taskId = values.task;
        const decision = command === 'accept' ? 'accepted' : 'rejected';
        const input = { resultComment: values.comment, reducedReward: values.reduced };
        result = await db.transaction().execute((trx) => reviewTask(trx, taskId, decision, input, now));
        break;
      }
      default:
        console.error(`Unknown command '${command}'.\n`);
        console.log(HELP);
        return 2;
    }
    console.log(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      console.error(`Refused (${error.code}): ${error.message}${error.fields ? ` ${JSON.stringify(error.fields)}` : ''}`);
    } else {
      console.error(error instanceof Error ? error.message : String(error));
    }
    return 1;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
