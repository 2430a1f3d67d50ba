/**
 * Readiness (GET /api/health/ready) apart from liveness (GET /api/health): 200 when the database
 * and the photo storage answer and every migration is applied; 503 naming the failed check when
 * the storage fails or a migration is missing, while liveness keeps answering as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './helpers';
import { buildApp } from '../../server/app';
import { createFsPhotoStorage, type PhotoStorage } from '../../server/storage/photo-storage';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/health/ready', () => {
  it('is ready when the database, the storage and the migrations are', async () => {
    const res = await server.request({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, checks: { database: true, storage: true, migrations: true }, failed: [] });
  });

  it('answers 503 naming the storage when the photo storage fails, while liveness stays 200', async () => {
    const working = createFsPhotoStorage(server.config.photoDir);
    const broken: PhotoStorage = { ...working, get: () => Promise.reject(new Error('bucket unreachable')) };
    const { app } = await buildApp({ db: server.db, config: server.config, clock: server.clock, log: () => {}, checkResponses: true, storage: broken });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, checks: { database: true, storage: false, migrations: true }, failed: ['storage'] });
      expect(String(res.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // A store with its own probe (S3: HeadBucket) is asked that instead.
      const probed = await buildApp({ db: server.db, config: server.config, clock: server.clock, log: () => {}, storage: { ...working, probe: () => Promise.reject(new Error('NoSuchBucket')) } });
      expect((await probed.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({ failed: ['storage'] });
      await probed.app.close();
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming the migrations while one is not applied', async () => {
    const last = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(server.db);
    const row = last.rows[0];
    expect(row).toBeDefined();
    await sql`delete from kysely_migration where name = ${row?.name}`.execute(server.db);
    try {
      const res = await server.request({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, failed: ['migrations'] });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row?.name}, ${row?.timestamp})`.execute(server.db);
    }
    expect((await server.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
