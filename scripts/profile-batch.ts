/**
 * Where the server's time goes for POST /api/batch: an in-process profile, no network.
 * `npx tsx scripts/profile-batch.ts` (DATABASE_URL set: PostgreSQL; else PGlite in a temp data
 * folder, as `npm start` runs it).
 *
 * Builds the app (buildApp) on a seeded database, makes a `defects` task in progress for a
 * tasker, and sends the bench's 479 non-photo records (checklist states, growing scan lists,
 * defect sets) through `app.inject` in batches as the worker cuts them (≤ 100 records, ≤ 256 KB).
 * Every SQL statement is timed at the driver, so the breakdown prints: time in the database by
 * kind of statement, the statements per record, and what is left (Fastify, inject, JSON, hooks).
 * BATCH_PER_RECORD=1 on the process runs the per-record path of server/http/batch.ts;
 * BATCH_DEFERRED_WRITES=off and BATCH_DIRECT=off turn off the segment's deferred and direct writes.
 * PROFILE_CPU=1 (or =functions) prints a CPU profile of each run; PROFILE_CPU_FILE=<prefix> also
 * writes it (<prefix>.fresh.cpuprofile, <prefix>.replay.cpuprofile) for Chromium's DevTools.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations';
import { seedDemo } from '../server/seed/demo';
import { signAccessToken } from '../server/http/accessTokens';
import { withCheckDigit } from '#domain/ean';

const RECORDS = Number(process.env.PROFILE_RECORDS ?? 479);

type Stat = { n: number; ms: number; cpu: number };
const stats = new Map<string, Stat>();
let sqlMs = 0;
let sqlCount = 0;
let sqlCpu = 0;
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
function kindOf(text: string): string {
  const s = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^(begin|commit|rollback|savepoint|release|start transaction)/.test(s)) return s.split(' ')[0]!;
  const table = /(?:from|into|update) "?([a-z_]+)"?/.exec(s)?.[1] ?? '?';
  return `${s.split(' ')[0]} ${table}`;
}
function record(kind: string, ms: number, cpu: number) {
  const st = stats.get(kind) ?? { n: 0, ms: 0, cpu: 0 };
  st.n++;
  st.ms += ms;
  st.cpu += cpu;
  sqlCpu += cpu;
  stats.set(kind, st);
  sqlMs += ms;
  sqlCount++;
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
/** Self time of a CPU profile by where the code lives. */
function summariseProfile(profile: { nodes: CpuNode[]; samples?: number[]; timeDeltas?: number[] }): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const buckets = new Map<string, number>();
  const place = (n: CpuNode): string => {
    const { url, functionName } = n.callFrame;
    if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName}`;
    if (url.includes('pglite')) return url.endsWith('.wasm') || /wasm/.test(url) ? 'pglite wasm' : 'pglite js';
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1]!;
    if (url.startsWith('node:')) return 'node internals';
    const app = /\/(server|src|scripts)\/(.+)$/.exec(url);
    return app ? `${app[1]}/${app[2]!.split('/')[0]}` : url;
  };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const ms = (deltas[i] ?? 0) / 1000;
    total += ms;
    const key = place(node);
    buckets.set(key, (buckets.get(key) ?? 0) + ms);
  });
  if (process.env.PROFILE_CPU === 'functions') {
    const fns = new Map<string, number>();
    samples.forEach((id, i) => {
      const node = byId.get(id);
      if (!node) return;
      const key = `${place(node)} ${node.callFrame.functionName || '(anonymous)'}`;
      fns.set(key, (fns.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
    });
    for (const [k, ms] of [...fns.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) buckets.set(`fn ${k}`, ms);
  }
  const lines = [...buckets.entries()].sort((a, b) => b[1] - a[1]).slice(0, process.env.PROFILE_CPU === 'functions' ? 45 : 18).map(([k, ms]) => `    cpu ${k.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(0).padStart(3)} %`);
  return [`  CPU profile (self time, ${total.toFixed(0)} ms sampled):`, ...lines].join('\n');
}

async function main() {
  const url = process.env.DATABASE_URL ?? null;
  const dataDir = url || process.env.PROFILE_MEMORY === '1' ? null : mkdtempSync(join(tmpdir(), 'shelfwork-profile-batch.'));
  // Time every statement where the driver sends it (PGlite.query / pg Client.query).
  const proto = PGlite.prototype as unknown as { query: (...a: unknown[]) => Promise<unknown>; exec: (...a: unknown[]) => Promise<unknown> };
  for (const name of ['query', 'exec'] as const) {
    const original = proto[name];
    proto[name] = async function timed(this: unknown, ...args: unknown[]) {
      const t = performance.now();
      const c = process.cpuUsage();
      try {
        return await original.apply(this, args);
      } finally {
        if (profiling) record(kindOf(String(args[0])), performance.now() - t, cpuMs(process.cpuUsage(c)));
      }
    };
  }
  const pg = (await import('pg')).default;
  const pgQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: unknown }).query = function timed(this: unknown, ...args: unknown[]) {
    const t = performance.now();
    const c = process.cpuUsage();
    const result = pgQuery.apply(this, args);
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).finally(() => {
        if (profiling) record(kindOf(text), performance.now() - t, cpuMs(process.cpuUsage(c)));
      });
    }
    return result;
  };
  let profiling = false;

  const opened = await openDatabase(url ? { databaseUrl: url } : { dataDir });
  const db = opened.db;
  await migrateToLatest(db);
  await seedDemo(db, new Date());
  const { app, context } = await buildApp({ db, config: testConfig(), log: () => {} });
  await app.ready();

  const tasker = await db.selectFrom('users').select(['id']).where('email', '=', 'lt@demo.shelfwork.app').executeTakeFirstOrThrow();
  const anyTask = await db.selectFrom('tasks').select(['place_id']).where('tasker_id', '=', tasker.id).executeTakeFirstOrThrow();
  const now = new Date();
  const created = await app.inject({
    method: 'POST',
    url: '/api/staff/tasks',
    headers: { authorization: 'Bearer test-staff-token', 'content-type': 'application/json' },
    payload: JSON.stringify({
      placeId: anyTask.place_id,
      taskTypeId: 'defects',
      timeWindowStart: new Date(now.getTime() - 15 * 60_000).toISOString(),
      timeWindowEnd: new Date(now.getTime() + 4 * 3600_000).toISOString(),
      expectedDuration: 30,
      reward: '9.50',
      title: 'Profile',
    }),
  });
  if (created.statusCode !== 201) throw new Error(`staff task: ${created.statusCode} ${created.body}`);
  const taskId = created.json<{ id: string }>().id;
  await db.updateTable('tasks').set({ status: 'in_progress', tasker_id: tasker.id, reserved_at: now, start_time: now, start_received_at: now }).where('id', '=', taskId).execute();
  const token = await signAccessToken(context.tokens, tasker.id, new Date());
  const auth = { authorization: `Bearer ${token}` };
  const checklist = (await app.inject({ method: 'GET', url: `/api/task/${taskId}/checklist-items`, headers: auth })).json<{ data: { id: string }[] }>().data.map((i) => i.id);
  const defects = (await app.inject({ method: 'GET', url: `/api/task/${taskId}/defects`, headers: auth })).json<{ data: { id: string }[] }>().data.map((d) => d.id);

  // The bench's records: ticks, growing scan lists, defect sets, one after the other.
  const recordedAt = new Date().toISOString();
  const scans: { id: string; ean: string; facings: number; timestamp: string }[] = [];
  const records = Array.from({ length: RECORDS }, (_, i) => {
    const key = randomUUID();
    const base = { id: key, idempotencyKey: key, queue: taskId, method: 'POST', recordedAt };
    if (i % 3 === 0) return { ...base, path: `task/${taskId}/done-checklist-items`, body: { ids: checklist.filter((_, j) => (i + j) % 2 === 0) } };
    if (i % 3 === 1) {
      scans.push({ id: randomUUID(), ean: withCheckDigit(`200${String(i).padStart(9, '0')}`), facings: i % 100, timestamp: recordedAt });
      return { ...base, path: `task/${taskId}/scanned-items`, body: { items: [...scans] } };
    }
    return { ...base, path: `task/${taskId}/defects`, body: { defectIds: defects.filter((_, j) => (i + j) % 2 === 1) } };
  });
  const batches: (typeof records)[] = [];
  let current: typeof records = [];
  let bytes = 0;
  for (const r of records) {
    const size = JSON.stringify(r.body).length;
    if (current.length > 0 && (current.length >= 100 || bytes + size > 256 * 1024)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(r);
    bytes += size;
  }
  if (current.length) batches.push(current);

  const send = async (list: typeof records) => {
    const res = await app.inject({ method: 'POST', url: '/api/batch', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify({ records: list }) });
    if (res.statusCode !== 200) throw new Error(`batch ${res.statusCode} ${res.body.slice(0, 300)}`);
    const results = res.json<{ results: { status: number }[] }>().results;
    const bad = results.filter((r) => r.status !== 200);
    if (bad.length) throw new Error(`${bad.length} records not 200: ${JSON.stringify(bad[0]).slice(0, 300)}`);
    return res.payload.length;
  };

  const run = async (label: string) => {
    const inspector = process.env.PROFILE_CPU ? await import('node:inspector/promises') : null;
    const session = inspector ? new inspector.Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    stats.clear();
    sqlMs = 0;
    sqlCount = 0;
    sqlCpu = 0;
    profiling = true;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let answerBytes = 0;
    for (const b of batches) answerBytes += await send(b);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    profiling = false;
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      console.log(summariseProfile(profile));
      // PROFILE_CPU_FILE=<prefix>: the profile is also written, for Chromium's DevTools (Performance → Load profile).
      if (process.env.PROFILE_CPU_FILE) writeFileSync(`${process.env.PROFILE_CPU_FILE}.${label.split(' ')[0]}.cpuprofile`, JSON.stringify(profile));
      session.disconnect();
    }
    console.log(`\n[profile-batch] ${label}: ${records.length} records in ${batches.length} batches, ${opened.kind}${process.env.BATCH_PER_RECORD === '1' ? ', per-record path' : ''}`);
    console.log(`  wall ${wall.toFixed(0)} ms (${(wall / records.length).toFixed(2)} ms/record), process CPU ${cpuMs(cpu).toFixed(0)} ms (${(cpuMs(cpu) / records.length).toFixed(2)} ms/record), answers ${(answerBytes / 1024).toFixed(0)} KB`);
    const total = cpuMs(cpu);
    console.log(`  SQL: ${sqlCount} statements (${(sqlCount / records.length).toFixed(1)}/record), ${sqlMs.toFixed(0)} ms awaited, ${sqlCpu.toFixed(0)} ms CPU (${((100 * sqlCpu) / total).toFixed(0)} % of the CPU)`);
    console.log(`  CPU outside SQL (Fastify, inject, hooks, validation, JSON, hashing): ${(total - sqlCpu).toFixed(0)} ms (${((total - sqlCpu) / records.length).toFixed(2)} ms/record)`);
    for (const [kind, st] of [...stats.entries()].sort((a, b) => b[1].cpu - a[1].cpu)) {
      console.log(`    ${kind.padEnd(30)} ${String(st.n).padStart(5)} × ${(st.cpu / st.n).toFixed(3)} ms CPU = ${st.cpu.toFixed(0).padStart(5)} ms (awaited ${st.ms.toFixed(0)} ms)`);
    }
  };
  await run('fresh');
  await run('replay (same keys)');
  await app.close();
  await db.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

await main();
