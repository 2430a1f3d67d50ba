/**
 * The trainings list has a 5 min interval, but staff review changes it at a moment the tasker
 * waits for: when a user pull finds the account newly approved or its required trainings newly
 * done, the trainings are pulled in the same sync (pulls/account.ts), so the task screens stop
 * saying "locked" as soon as the stepper says the trainings are done.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const trainingsAsked = () => h.net.calls('GET', 'training').length;

describe('trainings after staff review', () => {
  it('are pulled with the user pull that finds the required trainings newly done, and not otherwise before their interval', async () => {
    h = await createHarness(server());
    const doneRows = await h.server.db.selectFrom('user_trainings').selectAll().where('user_id', '=', h.world.tasker.id).execute();
    expect(doneRows.length).toBeGreaterThan(0);
    await h.server.db.deleteFrom('user_trainings').where('user_id', '=', h.world.tasker.id).execute();
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(await h.db.user.get('me')).toMatchObject({ trainingDone: false });
    const asked = trainingsAsked();

    // A minute on, nothing changed: the user is asked again, the trainings are not (5 min).
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(trainingsAsked()).toBe(asked);

    // Staff mark them done: the next user pull brings trainingDone and the trainings with it.
    await h.server.db.insertInto('user_trainings').values(doneRows).execute();
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(await h.db.user.get('me')).toMatchObject({ trainingDone: true });
    expect(trainingsAsked()).toBe(asked + 1);
    expect((await h.db.trainings.toArray()).filter((t) => t.isRequired && t.doneAt === null)).toEqual([]);
  });
});
