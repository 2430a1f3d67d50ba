/**
 * Staff review of a tasker: the review view (profile, documents, history, trainings), approve and
 * reject recorded with who (on the automation key its Shelfwork-Staff-Name, else the key's audit
 * name 'automation'; the CLI's --by) and when, the rejection
 * reasons validated, trainings marked done and not done (idempotent, recorded) — and with them a
 * task that needs a training becoming reservable — and the same through the staff CLI.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { insertTasker, type TestAccount } from './user-fixtures';
import { jpegBytes, newId, postJson, putJpeg } from './execution-fixtures';
import { createTask, STAFF } from './lifecycle-fixtures';
import { runStaffCommand } from '../../server/staff/commands';
import { createFsPhotoStorage } from '../../server/storage/photo-storage';
import type { ApiErrorBody, Task, User, UserDocumentUploadTarget } from '#domain/types';
import type { UserReview } from '../../server/staff/review';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});
afterEach(() => {
  server.clock.set(SEED_TIME);
});

type Account = TestAccount;

async function account(status: string): Promise<Account> {
  return insertTasker(server, 'review', {
    first_name: 'Rūta',
    last_name: 'Petraitė',
    phone: '+37061234567',
    status,
    payment_documents_done: true,
    profile_complete: true,
  });
}

const staff = (method: 'GET' | 'POST', url: string, options: { name?: string; payload?: unknown; key?: string } = {}) =>
  server.request({
    method,
    url,
    headers: { ...STAFF, ...(options.name !== undefined ? { 'shelfwork-staff-name': options.name } : {}), ...(options.key ? { 'idempotency-key': options.key } : {}) },
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
  });

const review = async (id: string) => {
  const res = await staff('GET', `/api/staff/users/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UserReview>();
};

const eventCount = async (id: string) => (await server.db.selectFrom('user_events').select('id').where('user_id', '=', id).execute()).length;

/** A header carries bytes; a UTF-8 name arrives as its bytes read as latin1. */
const asHeader = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe('GET /api/staff/users/:id', () => {
  it('shows the profile, the uploaded documents, the history and every training with its done time', async () => {
    const a = await account('awaiting_approval');
    const posted = await postJson(server, '/api/user/identity-document', a.token, { id: newId() });
    const target = posted.json<UserDocumentUploadTarget>();
    expect((await putJpeg(server, target.presignedUrl, jpegBytes())).statusCode).toBe(200);
    await postJson(server, '/api/user/payment-document', a.token, { id: newId() }); // never uploaded: not shown
    await server.db.insertInto('user_trainings').values({ user_id: a.id, training_id: 'basics', done_at: server.clock.now() }).execute();

    const r = await review(a.id);
    expect(r.user).toMatchObject({ id: a.id, email: a.email, status: 'awaiting_approval', fullName: 'Rūta Petraitė' });
    expect(r.documents).toEqual([
      { id: target.photo.id, kind: 'identity_document', src: `/api/staff/users/${a.id}/documents/${target.photo.id}/file`, uploadedAt: SEED_TIME, deletedAt: null },
    ]);
    expect(r.events).toEqual([]);
    const trainings = await server.db.selectFrom('trainings').select(['id', 'is_required']).execute();
    expect(r.trainings.map((t) => t.id).sort()).toEqual(trainings.map((t) => t.id).sort());
    expect(r.trainings.find((t) => t.id === 'basics')).toEqual({ id: 'basics', title: 'Shelfwork basics: how tasks work', isRequired: true, enabled: true, doneAt: SEED_TIME });
    expect(r.trainings.filter((t) => t.doneAt !== null)).toHaveLength(1);
    expect(r.trainings.find((t) => t.id === 'promo-displays')?.isRequired).toBe(false);
  });

  it('needs the staff token; an unknown user is 404', async () => {
    const a = await account('new');
    expect((await server.request({ method: 'GET', url: `/api/staff/users/${a.id}` })).statusCode).toBe(401);
    expect((await server.request({ method: 'GET', url: `/api/staff/users/${a.id}`, token: a.token })).statusCode).toBe(401);
    const unknown = await staff('GET', `/api/staff/users/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().error.code).toBe('USER_NOT_FOUND');
  });
});

describe('approve and reject, with who and when', () => {
  it('records a rejection (reasons, comment, who, when) and an approval (approved_at, rejection cleared)', async () => {
    const a = await account('awaiting_approval');
    server.clock.set('2026-03-10T10:00:00.000Z');
    const rejected = await staff('POST', `/api/staff/users/${a.id}/reject`, { name: asHeader('  Aistė Jonaitė '), payload: { reasons: ['iban', 'phone', 'iban'], comment: 'The IBAN is not in your name.' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<User>()).toMatchObject({ status: 'rejected', rejectionReasons: ['iban', 'phone'], rejectionComment: 'The IBAN is not in your name.' });

    server.clock.set('2026-03-10T11:00:00.000Z');
    const approved = await staff('POST', `/api/staff/users/${a.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<User>()).toMatchObject({ status: 'active', isApproved: true, rejectionReasons: [], rejectionComment: null });
    const row = await server.db.selectFrom('users').select(['approved_at']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.approved_at?.toISOString()).toBe('2026-03-10T11:00:00.000Z');

    expect((await review(a.id)).events).toEqual([
      { kind: 'rejected', actor: 'Aistė Jonaitė', reasons: ['iban', 'phone'], comment: 'The IBAN is not in your name.', detail: {}, createdAt: '2026-03-10T10:00:00.000Z' },
      { kind: 'approved', actor: 'automation', reasons: [], comment: null, detail: {}, createdAt: '2026-03-10T11:00:00.000Z' },
    ]);
  });

  it('validates the reasons against the profile fields and changes nothing on a refusal', async () => {
    const a = await account('awaiting_approval');
    for (const [payload, code] of [
      [{ reasons: ['shoeSize'] }, 'INVALID'],
      [{ reasons: ['iban', 42] }, 'INVALID'],
      [{ reasons: [] }, 'REQUIRED'],
      [{ comment: 'no reasons' }, 'REQUIRED'],
      [{ reasons: 'iban' }, 'REQUIRED'],
    ] as const) {
      const res = await staff('POST', `/api/staff/users/${a.id}/reject`, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<ApiErrorBody>().error.fields).toEqual({ reasons: code });
    }
    const long = await staff('POST', `/api/staff/users/${a.id}/reject`, { payload: { reasons: ['iban'], comment: 'x'.repeat(1001) } });
    expect(long.json<ApiErrorBody>().error.fields).toEqual({ comment: 'TOO_LONG' });
    const user = await server.db.selectFrom('users').select('status').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(user.status).toBe('awaiting_approval');
    expect(await eventCount(a.id)).toBe(0);
    // Every documented reason is a field the onboarding form can show.
    for (const reason of ['firstName', 'lastName', 'phone', 'nationalId', 'identityDocument', 'iban', 'address', 'paymentDocuments', 'profilePhoto']) {
      const res = await staff('POST', `/api/staff/users/${a.id}/reject`, { payload: { reasons: [reason] } });
      expect(res.statusCode, reason).toBe(200);
    }
  });

  it('the staff name is trimmed, at most 80 characters, not "tasker"; a refused name changes nothing', async () => {
    const a = await account('awaiting_approval');
    for (const [name, code] of [
      ['x'.repeat(81), 'TOO_LONG'],
      ['Tasker', 'NOT_ALLOWED'],
    ] as const) {
      const res = await staff('POST', `/api/staff/users/${a.id}/approve`, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json<ApiErrorBody>().error.fields).toEqual({ staffName: code });
    }
    expect((await server.db.selectFrom('users').select('status').where('id', '=', a.id).executeTakeFirstOrThrow()).status).toBe('awaiting_approval');
    expect(await eventCount(a.id)).toBe(0);
    expect((await staff('POST', `/api/staff/users/${a.id}/approve`, { name: `  ${'y'.repeat(80)}  ` })).statusCode).toBe(200);
    expect((await staff('POST', `/api/staff/users/${a.id}/approve`, { name: '   ' })).statusCode).toBe(200);
    expect((await review(a.id)).events.map((e) => e.actor)).toEqual(['y'.repeat(80), 'automation']);
  });

  it('a replayed approval (same Idempotency-Key) answers the stored user and records one event', async () => {
    const a = await account('awaiting_approval');
    const first = await staff('POST', `/api/staff/users/${a.id}/approve`, { key: 'approve-once', name: 'Jonas' });
    const replay = await staff('POST', `/api/staff/users/${a.id}/approve`, { key: 'approve-once', name: 'Jonas' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await eventCount(a.id)).toBe(1);
  });
});

describe('trainings', () => {
  it('marking a training done makes a task that needs it reservable; undone locks it again; both are recorded once', async () => {
    const a = await account('active');
    const task = await createTask(server, { start: '2026-03-11T08:00:00Z', end: '2026-03-11T16:00:00Z', taskTypeId: 'shelf-photo' });
    const seen = async () => (await server.request({ method: 'GET', url: `/api/task/${task.id}`, token: await server.tokenFor(a.id) })).json<Task>();
    expect((await seen()).isReservable).toBe(false);
    const refused = await server.request({ method: 'POST', url: `/api/task/${task.id}/reserve`, token: a.token });
    expect(refused.json<ApiErrorBody>().error.code).toBe('TRAININGS_MISSING');

    server.clock.set('2026-03-10T09:30:00.000Z');
    const done = await staff('POST', `/api/staff/users/${a.id}/trainings/photo-standards/done`, { name: 'Jonas' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<UserReview>().trainings.find((t) => t.id === 'photo-standards')?.doneAt).toBe('2026-03-10T09:30:00.000Z');
    // Idempotent: the second call changes nothing and records nothing.
    server.clock.set('2026-03-10T09:40:00.000Z');
    const again = await staff('POST', `/api/staff/users/${a.id}/trainings/photo-standards/done`, { name: 'Jonas' });
    expect(again.json<UserReview>().trainings.find((t) => t.id === 'photo-standards')?.doneAt).toBe('2026-03-10T09:30:00.000Z');
    expect((await seen()).isReservable).toBe(true);

    const undone = await staff('POST', `/api/staff/users/${a.id}/trainings/photo-standards/undone`);
    expect(undone.json<UserReview>().trainings.find((t) => t.id === 'photo-standards')?.doneAt).toBeNull();
    expect((await staff('POST', `/api/staff/users/${a.id}/trainings/photo-standards/undone`)).statusCode).toBe(200);
    expect((await seen()).isReservable).toBe(false);

    await staff('POST', `/api/staff/users/${a.id}/trainings/photo-standards/done`, { name: 'Jonas' });
    const reserved = await server.request({ method: 'POST', url: `/api/task/${task.id}/reserve`, token: await server.tokenFor(a.id) });
    expect(reserved.statusCode, reserved.body).toBe(200);
    expect(reserved.json<Task>().status).toBe('reserved');

    expect((await review(a.id)).events.map((e) => [e.kind, e.actor, e.detail.trainingId, e.createdAt])).toEqual([
      ['training_done', 'Jonas', 'photo-standards', '2026-03-10T09:30:00.000Z'],
      ['training_undone', 'automation', 'photo-standards', '2026-03-10T09:40:00.000Z'],
      ['training_done', 'Jonas', 'photo-standards', '2026-03-10T09:40:00.000Z'],
    ]);
  });

  it("the user's trainingDone flips once every required training is done", async () => {
    const a = await account('active');
    const required = (await server.db.selectFrom('trainings').select('id').where('is_required', '=', true).where('enabled', '=', true).execute()).map((t) => t.id);
    expect(required.length).toBeGreaterThan(1);
    const userNow = async () => (await server.request({ method: 'GET', url: '/api/user', token: a.token })).json<User>();
    for (const [i, id] of required.entries()) {
      expect((await userNow()).trainingDone, `before ${id}`).toBe(false);
      const res = await staff('POST', `/api/staff/users/${a.id}/trainings/${id}/done`);
      expect(res.json<UserReview>().user.trainingDone).toBe(i === required.length - 1);
    }
    expect((await userNow()).trainingDone).toBe(true);
    await staff('POST', `/api/staff/users/${a.id}/trainings/${required[0]}/undone`);
    expect((await userNow()).trainingDone).toBe(false);
  });

  it('an unknown training or user is 404 and records nothing', async () => {
    const a = await account('active');
    const training = await staff('POST', `/api/staff/users/${a.id}/trainings/no-such-training/done`);
    expect(training.statusCode).toBe(404);
    expect(training.json<ApiErrorBody>().error.code).toBe('TRAINING_NOT_FOUND');
    const user = await staff('POST', `/api/staff/users/${randomUUID()}/trainings/basics/done`);
    expect(user.statusCode).toBe(404);
    expect(user.json<ApiErrorBody>().error.code).toBe('USER_NOT_FOUND');
    expect(await eventCount(a.id)).toBe(0);
    expect((await server.request({ method: 'POST', url: `/api/staff/users/${a.id}/trainings/basics/done`, token: a.token })).statusCode).toBe(401);
  });
});

describe('the staff CLI', () => {
  async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await runStaffCommand(argv, {
      db: server.db,
      storage: createFsPhotoStorage(server.config.photoDir),
      photoDir: server.config.photoDir,
      now: server.clock.now(),
      out: (t) => (out += `${t}\n`),
      err: (t) => (err += `${t}\n`),
    });
    return { code, out, err };
  }

  it('user reject / approve / show: reasons validated, who from --by, the identity document file deleted on approval', async () => {
    const a = await account('awaiting_approval');
    const target = (await postJson(server, '/api/user/identity-document', a.token, { id: newId() })).json<UserDocumentUploadTarget>();
    expect((await putJpeg(server, target.presignedUrl, jpegBytes())).statusCode).toBe(200);
    const key = (await server.db.selectFrom('user_documents').select('storage_key').where('id', '=', target.photo.id).executeTakeFirstOrThrow()).storage_key as string;

    const shown = await cli('user', 'show', a.email);
    expect(shown.code, shown.err).toBe(0);
    const before = JSON.parse(shown.out) as { user: User; documents: { id: string; file: string | null }[] };
    expect(before.user.email).toBe(a.email);
    expect(before.documents).toEqual([expect.objectContaining({ id: target.photo.id, kind: 'identity_document', file: join(server.config.photoDir, key) })]);

    const bad = await cli('user', 'reject', a.email, '--reason', 'shoeSize');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Refused (VALIDATION_FAILED)');
    server.clock.set('2026-03-10T12:00:00.000Z');
    const rejected = await cli('user', 'reject', a.id, '--reason', 'iban', '--reason', 'phone,address', '--comment', 'Check these', '--by', 'Ona');
    expect(rejected.code, rejected.err).toBe(0);
    expect(JSON.parse(rejected.out)).toMatchObject({ status: 'rejected', rejectionReasons: ['iban', 'phone', 'address'], rejectionComment: 'Check these' });

    server.clock.set('2026-03-10T13:00:00.000Z');
    const approved = await cli('user', 'approve', a.email.toUpperCase(), '--by', 'Ona');
    expect(approved.code, approved.err).toBe(0);
    expect(JSON.parse(approved.out)).toMatchObject({ status: 'active' });
    expect(existsSync(join(server.config.photoDir, key))).toBe(false);

    const after = JSON.parse((await cli('user', 'show', a.id)).out) as { documents: { file: string | null; deletedAt: string | null }[]; events: { kind: string; actor: string; createdAt: string }[] };
    expect(after.documents[0]).toMatchObject({ file: null, deletedAt: '2026-03-10T13:00:00.000Z' });
    expect(after.events.map((e) => [e.kind, e.actor, e.createdAt])).toEqual([
      ['rejected', 'Ona', '2026-03-10T12:00:00.000Z'],
      ['approved', 'Ona', '2026-03-10T13:00:00.000Z'],
    ]);
    // The audit trail has both decisions as the CLI's, the --by name beside the change.
    const trail = await server.db.selectFrom('staff_audit').select(['actor', 'staff_id', 'action', 'before', 'after']).where('entity', '=', 'user').where('entity_id', '=', a.id).orderBy('created_at').execute();
    expect(trail.map((r) => [r.actor, r.staff_id, r.action, (r.before as { status: string }).status, (r.after as { status: string; by: string }).status, (r.after as { by: string }).by])).toEqual([
      ['cli', null, 'user.reject', 'awaiting_approval', 'rejected', 'Ona'],
      ['cli', null, 'user.approve', 'rejected', 'active', 'Ona'],
    ]);
  });

  it('training done / undone by email or id; unknown users, trainings and commands are refused', async () => {
    const a = await account('active');
    const done = await cli('training', 'done', a.email, 'photo-standards', '--by', 'Ona');
    expect(done.code, done.err).toBe(0);
    expect((JSON.parse(done.out) as { trainings: { id: string; doneAt: string | null }[] }).trainings.find((t) => t.id === 'photo-standards')?.doneAt).toBe(SEED_TIME);
    expect((await cli('training', 'undone', a.id, 'photo-standards')).code).toBe(0);
    expect((await review(a.id)).events.map((e) => [e.kind, e.actor])).toEqual([
      ['training_done', 'Ona'],
      ['training_undone', 'staff'],
    ]);
    const trail = await server.db.selectFrom('staff_audit').select(['actor', 'action']).where('entity', '=', 'user').where('entity_id', '=', a.id).orderBy('created_at').execute();
    expect(trail.map((r) => [r.actor, r.action])).toEqual([
      ['cli', 'user.training_done'],
      ['cli', 'user.training_undone'],
    ]);

    const unknownTraining = await cli('training', 'done', a.email, 'nope');
    expect(unknownTraining.code).toBe(1);
    expect(unknownTraining.err).toContain('TRAINING_NOT_FOUND');
    const unknownUser = await cli('user', 'show', 'nobody@test.shelfwork.app');
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.err).toContain('No user nobody@test.shelfwork.app');
    expect((await cli('training', 'finish', a.email, 'basics')).code).toBe(2);
    expect((await cli('user', 'approve')).code).toBe(2);
    expect((await cli('user', 'approve', a.email, '--by', 'x'.repeat(81))).code).toBe(2);
    expect((await cli('user', 'show', a.email, '--unknown-flag')).code).toBe(2);
    expect((await cli('--help')).out).toContain('training done <user> <trainingId>');
  });

  it('create-place and create-task are in the audit trail as the CLI, with the --by name', async () => {
    const made = await cli('create-place', '--title', 'CLI Store', '--address', 'Gedimino pr. 9', '--city', 'Vilnius', '--country', 'LT', '--lat', '54.6872', '--lng', '25.2797', '--retailer', 'rimi', '--by', 'Ona');
    expect(made.code, made.err).toBe(0);
    const place = JSON.parse(made.out) as { id: string };
    const task = await cli('create-task', '--place', place.id, '--type', 'shelf-photo', '--start', '2026-03-12T08:00:00Z', '--end', '2026-03-12T16:00:00Z', '--duration', '60', '--reward', '10.00', '--by', 'Ona');
    expect(task.code, task.err).toBe(0);
    const taskId = (JSON.parse(task.out) as { id: string }).id;
    const rows = await server.db.selectFrom('staff_audit').select(['actor', 'action', 'country_code', 'after']).where('entity_id', 'in', [place.id, taskId]).orderBy('created_at').execute();
    // One CLI run's time for both: compared in action order.
    expect(rows.map((r) => [r.actor, r.action, r.country_code, (r.after as { by: string }).by]).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      ['cli', 'place.create', 'LT', 'Ona'],
      ['cli', 'task.create', 'LT', 'Ona'],
    ]);
  });
});
