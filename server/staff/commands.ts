/**
 * The staff CLI's commands (`npm run staff -- <command>`), run against an open database and the
 * photo storage, so tests run them on their own database. server/staff/cli.ts opens both from the
 * environment and calls `runStaffCommand`. Output: JSON of the object shown or changed; refusals
 * print their code and field errors and exit 1.
 *
 * The dispatcher composes every feature's commands (the money and attendance CLIs too), so this
 * file and server/staff/cli.ts sit in the top layer with app.ts and main.ts, not in the staff
 * feature's layer (eslint.config.js).
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '../db/database';
import type { PhotoStorage } from '../storage/photo-storage';
import { createPlace, createTask, listUsers, lockTaskSnapshot, reviewTask, REJECTION_REASON_FIELDS } from './service';
import { approveUser, lockUserSnapshot, rejectUser, setTrainingDone, userReview } from './review';
import { CLI_ACTOR, readStaffName, recordStaffAction, type StaffAction } from '../http/staffActions';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { printRefusal } from './cli-output';
import { MONEY_HELP, runMoneyCommand } from '../money/cli';
import { ATTENDANCE_HELP, runAttendanceCommand } from '../attendance/cli';
import { ACCOUNTS_HELP, AccountsUsageError, runAccountsCommand } from '../staffAuth/cli';

export const HELP = `Shelfwork staff CLI

Usage: npm run staff -- <command> [options]

Reviewing a tasker (<user> is an email or a user id; --by <name> says who decides, default 'staff'):
  user show <user>                       Profile, documents (with their files on disk), history
                                         (who did what when) and trainings
  user approve <user> [--by <name>]      Approve (status active); the identity document's file
                                         is deleted (the row keeps when it was uploaded)
  user reject <user> --reason <field> [--reason <field> ...] [--comment <text>] [--by <name>]
                                         Reject; reasons are field names (also comma-separated):
                                         ${REJECTION_REASON_FIELDS.join(', ')}
  training done <user> <trainingId> [--by <name>]
  training undone <user> <trainingId> [--by <name>]
                                         Mark a training done or not done (idempotent); once every
                                         required training is done, the tasker's tasks are reservable

Other commands:
  users [--email <part>]                 List users (id, email, status, country)
  approve --email <email> | --id <id>    Same as 'user approve'
  reject (--email <email> | --id <id>) --reasons <f1,f2> [--comment <text>]
                                         Same as 'user reject'
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

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite folder, default ./data); PHOTO_DIR
(default $DATA_DIR/photos) for the document files.
Output: JSON of the object shown, created or updated.
`;
export const HELP_WITH_MONEY = HELP.replace('\nEnvironment:', `${ACCOUNTS_HELP}${MONEY_HELP}${ATTENDANCE_HELP}\nEnvironment:`);

export interface StaffCommandDeps {
  db: Db;
  storage: PhotoStorage;
  /** The photo storage folder (a document's file path in `user show`). */
  photoDir: string;
  now: Date;
  out: (text: string) => void;
  err: (text: string) => void;
}

class UsageError extends Error {}

/** Runs one command; answers the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runStaffCommand(argv: string[], deps: StaffCommandDeps): Promise<number> {
  const { db, storage, now, out, err } = deps;
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    out(HELP_WITH_MONEY);
    return 0;
  }
  try {
    const accounts = await runAccountsCommand(argv, deps); // accounts add|list|roles|deactivate|activate (server/staffAuth/cli.ts)
    if (accounts !== null) return accounts;
  } catch (error) {
    if (printRefusal(error, err)) return 1;
    if (error instanceof AccountsUsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      err(error.message);
      return 2;
    }
    err(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const money = await runMoneyCommand(argv, deps); // payouts, adjust, mission (server/money/cli.ts)
  if (money !== null) return money;
  const attendance = await runAttendanceCommand(argv, deps); // attendance request|list|lapse (server/attendance/cli.ts)
  if (attendance !== null) return attendance;
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        id: { type: 'string' },
        by: { type: 'string' },
        reason: { type: 'string', multiple: true },
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
      out(HELP);
      return 0;
    }
    const actor = () => {
      try {
        return readStaffName(values.by);
      } catch {
        throw new UsageError(`--by: a name of at most 80 characters, not 'tasker'`);
      }
    };
    /** A user by email (trimmed, lower-cased) or id. */
    const findUserId = async (ref: string | undefined): Promise<string> => {
      const text = ref?.trim();
      if (!text) throw new UsageError('name the user (an email or a user id)');
      const row = text.includes('@')
        ? await db.selectFrom('users').select('id').where('email', '=', text.toLowerCase()).executeTakeFirst()
        : await db.selectFrom('users').select('id').where('id', '=', text).executeTakeFirst();
      if (!row) throw new Error(`No user ${text}`);
      return row.id;
    };
    const legacyUserId = () => findUserId(values.id ?? values.email);
    const reasonsOf = (list: string[]) => list.flatMap((r) => r.split(',')).map((r) => r.trim()).filter(Boolean);
    /** The CLI's decisions are in the audit trail as 'cli', with the --by name beside the change. */
    const audited = async <T>(trx: Transaction<Database>, action: Omit<StaffAction, 'before' | 'after'> & { snapshot: () => Promise<unknown> }, change: () => Promise<T>): Promise<T> => {
      const before = await action.snapshot();
      const result = await change();
      const after = await action.snapshot();
      // A decision that changed nothing (a training already in that state) is not an action.
      if (JSON.stringify(before) === JSON.stringify(after)) return result;
      await recordStaffAction(trx, CLI_ACTOR, { action: action.action, entity: action.entity, entityId: action.entityId, country: action.country, before, after: { ...(after as object), by: actor() } }, now);
      return result;
    };
    const userCountry = async (id: string) => (await db.selectFrom('users').select('country_code').where('id', '=', id).executeTakeFirst())?.country_code ?? null;
    const userAction = async (id: string, action: string) => ({ action, entity: 'user', entityId: id, country: await userCountry(id) });
    const approve = async (id: string) => {
      const meta = await userAction(id, 'user.approve');
      const { user, filesToRemove } = await db.transaction().execute((trx) => audited(trx, { ...meta, snapshot: () => lockUserSnapshot(trx, id) }, () => approveUser(trx, id, actor(), now)));
      for (const key of filesToRemove) await storage.delete(key).catch((error: unknown) => err(`identity document file ${key} not deleted: ${String(error)}`));
      return user;
    };
    const reject = async (id: string, reasons: string[]) => {
      const meta = await userAction(id, 'user.reject');
      return db.transaction().execute((trx) => audited(trx, { ...meta, snapshot: () => lockUserSnapshot(trx, id) }, () => rejectUser(trx, id, { reasons, comment: values.comment }, actor(), now)));
    };

    let result: unknown;
    const [sub, ...args] = positionals;
    switch (command) {
      case 'user': {
        const id = await findUserId(args[0]);
        if (sub === 'show') {
          const review = await userReview(db, id, () => null);
          const keys = new Map((await db.selectFrom('user_documents').select(['id', 'storage_key', 'deleted_at']).where('user_id', '=', id).execute()).map((d) => [d.id, d]));
          result = {
            ...review,
            documents: review.documents.map((d) => {
              const row = keys.get(d.id);
              const { src: _src, ...rest } = d;
              return { ...rest, file: row?.storage_key && !row.deleted_at ? resolve(join(deps.photoDir, row.storage_key)) : null };
            }),
          };
        } else if (sub === 'approve') result = await approve(id);
        else if (sub === 'reject') result = await reject(id, reasonsOf(values.reason ?? []));
        else throw new UsageError(`user ${sub ?? ''}: use show, approve or reject`);
        break;
      }
      case 'training': {
        if (sub !== 'done' && sub !== 'undone') throw new UsageError(`training ${sub ?? ''}: use done or undone`);
        const id = await findUserId(args[0]);
        const trainingId = args[1]?.trim();
        if (!trainingId) throw new UsageError('name the training (its id)');
        const meta = await userAction(id, sub === 'done' ? 'user.training_done' : 'user.training_undone');
        const done = sub === 'done';
        const review = await db.transaction().execute((trx) =>
          audited(trx, { ...meta, snapshot: async () => ({ trainingId, done: (await trx.selectFrom('user_trainings').select('user_id').where('user_id', '=', id).where('training_id', '=', trainingId).executeTakeFirst()) !== undefined }) }, () => setTrainingDone(trx, id, trainingId, done, actor(), now)),
        );
        result = { user: review.user, trainings: review.trainings };
        break;
      }
      case 'users':
        result = (await listUsers(db, values.email ?? null)).map((u) => ({ id: u.id, email: u.email, status: u.status, countryCode: u.countryCode }));
        break;
      case 'approve':
        result = await approve(await legacyUserId());
        break;
      case 'reject':
        result = await reject(await legacyUserId(), reasonsOf([values.reasons ?? '', ...(values.reason ?? [])]));
        break;
      case 'create-place':
        result = await db.transaction().execute(async (trx) => {
          const place = await createPlace(
            trx,
            { title: values.title, address: values.address, city: values.city, countryCode: values.country, latitude: values.lat, longitude: values.lng, retailerId: values.retailer },
            now,
          );
          await recordStaffAction(trx, CLI_ACTOR, { action: 'place.create', entity: 'place', entityId: place.id, country: place.countryCode, after: { ...place, by: actor() } }, now);
          return place;
        });
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
          ).then(async (task) => {
            const created = await lockTaskSnapshot(trx, task.id);
            const after = { ...created, title: task.title, placeId: task.place.id, timeWindowStart: task.timeWindowStart, timeWindowEnd: task.timeWindowEnd, by: actor() };
            await recordStaffAction(trx, CLI_ACTOR, { action: 'task.create', entity: 'task', entityId: task.id, country: created.countryCode, after }, now);
            return task;
          }),
        );
        break;
      case 'accept':
      case 'reject-task': {
        if (!values.task) throw new UsageError('give --task <taskId>');
        const taskId = values.task;
        const decision = command === 'accept' ? 'accepted' : 'rejected';
        const input = { resultComment: values.comment, reducedReward: values.reduced };
        const country = (await db.selectFrom('tasks').select('country_code').where('id', '=', taskId).executeTakeFirst())?.country_code ?? null;
        const action = { action: decision === 'accepted' ? 'task.accept' : 'task.reject', entity: 'task', entityId: taskId, country };
        result = await db.transaction().execute((trx) => audited(trx, { ...action, snapshot: () => lockTaskSnapshot(trx, taskId) }, () => reviewTask(trx, taskId, decision, input, now)));
        break;
      }
      default:
        err(`Unknown command '${command}'.\n`);
        out(HELP);
        return 2;
    }
    out(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    if (printRefusal(error, err)) return 1;
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      err(error.message);
      return 2;
    }
    err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
