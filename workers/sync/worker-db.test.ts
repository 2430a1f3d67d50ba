import 'fake-indexeddb/auto';
import { ShelfworkDb } from '#db/schema';
import { describe, expect, it } from 'vitest';
import { openWorkerDb } from './worker-db';

describe('the sync worker’s database connection', () => {
  it('closes on versionchange so another runtime can upgrade, then reopens lazily on its next operation', async () => {
    const name = `versionchange-${crypto.randomUUID()}`;
    const db = openWorkerDb(name);
    await db.kv.put({ key: 'position', value: { latitude: 1, longitude: 2 } });

    // A newer app version in another tab adds a table (one version above the current schema).
    const newer = new ShelfworkDb(name);
    newer.version(newer.verno + 1).stores({ extra: 'id' });
    await newer.open(); // would block forever if the worker kept its connection open
    await newer.table('extra').put({ id: 'x' });
    newer.close();

    // The worker's next write reopens the (now newer) database; its data survived.
    await db.kv.put({ key: 'locale', value: 'lt' });
    expect((await db.kv.get('position'))?.value).toEqual({ latitude: 1, longitude: 2 });
    expect((await db.kv.get('locale'))?.value).toBe('lt');
    db.close();
  });
});
