/**
 * The engine with its features: the commands the worker exposes are the page's contract (the
 * screens call them by name), and every outbox kind is registered with its feature's definition.
 */
import 'fake-indexeddb/auto';
import { ShelfworkDb } from '#db/schema';
import { describe, expect, it } from 'vitest';
import { SyncEngine } from './app';
import { outboxKind } from './kinds';

/** The page's commands (SyncApi without init, syncNow and watch). */
const PAGE_COMMANDS = [
  'addPhoto', 'addUserDocument', 'answerAttendance', 'cancelTask', 'changeChecklist', 'changeScannedItems', 'changeTaskDefects',
  'completeTask', 'deletePhotos', 'dismissRejected', 'loginWithCode', 'loginWithGoogle', 'loginWithPassword', 'logout',
  'markNotificationSeen', 'pullMoreTasks', 'pullSuggestions', 'pullTaskPack', 'pushNotificationCall', 'refreshSupportContact',
  'refreshTask', 'register', 'registerWithGoogle', 'reserveTask', 'retryRejected', 'savePaymentDocuments', 'saveProfile',
  'saveReferredByCode', 'sendEmailCode', 'setCountry', 'setLocale', 'setPosition', 'signInProviders', 'startGoogleSignIn',
  'startTask', 'submitSupportRequest', 'updatePhotoComment',
];

/** The commands that queue an outbox record: the worker wakes up for their retries. */
const QUEUED = [
  'addPhoto', 'addUserDocument', 'answerAttendance', 'changeChecklist', 'changeScannedItems', 'changeTaskDefects', 'completeTask',
  'deletePhotos', 'markNotificationSeen', 'retryRejected', 'savePaymentDocuments', 'saveProfile', 'saveReferredByCode', 'setCountry',
  'startTask', 'submitSupportRequest', 'updatePhotoComment',
];

describe('the sync engine with its features', () => {
  const engine = new SyncEngine({ db: new ShelfworkDb(`app-${crypto.randomUUID()}`), apiBase: 'http://localhost/api/', locks: null, imageCache: null });

  it('exposes exactly the page’s commands, and marks the queued ones', () => {
    const exposed = engine.commands().filter((c) => c.exposed);
    expect(exposed.map((c) => c.name).sort()).toEqual([...PAGE_COMMANDS].sort());
    expect(exposed.filter((c) => c.queued).map((c) => c.name).sort()).toEqual([...QUEUED].sort());
    // The tools-only whole-state setters are the engine's methods, not the page's.
    expect(engine.commands().filter((c) => !c.exposed).map((c) => c.name).sort()).toEqual(['saveScannedItems', 'setChecklistDone', 'setTaskDefects']);
    expect(typeof engine.setChecklistDone).toBe('function');
  });

  it('registers each feature’s outbox kinds (lanes, coalescing, own delivery)', () => {
    const kind = (name: string, taskId: string | null = 't1') => outboxKind({ kind: name, taskId } as never);
    expect(kind('done-checklist-items')).toMatchObject({ coalesce: true, delivery: { lane: 'work' }, packPart: 'checklist' });
    expect(kind('photo-create')).toMatchObject({ delivery: { lane: 'photo', concurrent: true } });
    expect(kind('photo-create').send).toBeTypeOf('function');
    expect(kind('attendance-answer').coalesce).toBe(true);
    expect(kind('user-document', null).send).toBeTypeOf('function');
    expect(kind('notification-seen', null).send).toBeTypeOf('function');
    expect(kind('set-country', null).overlayUser).toBeTypeOf('function');
    // A kind no feature defines (a record from another version) gets the defaults.
    expect(kind('no-such-kind').afterRejection({ taskId: 't1' } as never)).toEqual({ pull: 'task', taskId: 't1' });
    expect(kind('no-such-kind', null).afterRejection({ taskId: null } as never)).toEqual({ pull: 'user' });
  });
});
