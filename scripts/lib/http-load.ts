/** The HTTP side of the API benchmark (scripts/bench-api.ts): keep-alive GET/POST to 127.0.0.1, the open-loop rate driver and its printed report. */
import http from 'node:http';
import zlib from 'node:zlib';

/** Requests outstanding at most; a request due while this many are in flight is not sent (late). */
const MAX_IN_FLIGHT = 256;
/**
 * What the client says it can decode. Chromium sends `gzip, deflate, br, zstd` on every fetch,
 * so that is the default: a figure without compression would not be what a phone costs the
 * server. BENCH_ENCODING=identity measures the uncompressed answer.
 */
export const ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br, zstd';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export interface Sample {
  status: number;
  wire: number;
  fromDue: number;
  fromSent: number;
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One GET. `wire`: the bytes as sent (compressed when the server compressed); `body`: decoded,
 * only when `decode` (the rate loop leaves it: the client shares the server's cores).
 */
export function get(port: number, path: string, headers: Record<string, string>, decode = true): Promise<{ status: number; body: string; wire: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers: { 'accept-encoding': ENCODING, ...headers }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        let body = '';
        if (decode) body = (enc === 'br' ? zlib.brotliDecompressSync(raw) : enc === 'gzip' ? zlib.gunzipSync(raw) : enc === 'deflate' ? zlib.inflateSync(raw) : raw).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body, wire: raw.length, headers: res.headers });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export function postJson(port: number, path: string, payload: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(payload);
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers, 'content-length': Buffer.byteLength(data) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

export async function drive(port: number, token: string, rate: number, seconds: number, path: string): Promise<{ samples: Sample[]; errors: number; late: number; elapsed: number }> {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const samples: Sample[] = [];
  let errors = 0;
  let late = 0;
  let inFlight = 0;
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= MAX_IN_FLIGHT) {
      late++;
      continue;
    }
    inFlight++;
    const sent = performance.now();
    pending.push(
      get(port, path, headers, false)
        .then((res) => {
          const end = performance.now();
          samples.push({ status: res.status, wire: res.wire, fromDue: end - due, fromSent: end - sent });
        })
        .catch(() => {
          errors++;
        })
        .finally(() => {
          inFlight--;
        }),
    );
  }
  await Promise.all(pending);
  return { samples, errors, late, elapsed: (performance.now() - t0) / 1000 };
}

export function report(label: string, result: Awaited<ReturnType<typeof drive>>): void {
  const fromDue = result.samples.map((s) => s.fromDue).sort((a, b) => a - b);
  const fromSent = result.samples.map((s) => s.fromSent).sort((a, b) => a - b);
  const fivexx = result.samples.filter((s) => s.status >= 500).length;
  const non200 = result.samples.filter((s) => s.status !== 200).length;
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(`\n${label}: ${result.samples.length} responses in ${result.elapsed.toFixed(1)} s (${(result.samples.length / result.elapsed).toFixed(0)} req/s)`);
  console.log(`  response time (from due)  p50 ${f(percentile(fromDue, 50))} ms  p95 ${f(percentile(fromDue, 95))} ms  p99 ${f(percentile(fromDue, 99))} ms  max ${f(fromDue[fromDue.length - 1] ?? NaN)} ms`);
  console.log(`  service time (from sent)  p50 ${f(percentile(fromSent, 50))} ms  p95 ${f(percentile(fromSent, 95))} ms  p99 ${f(percentile(fromSent, 99))} ms`);
  const wire = result.samples.reduce((a, s) => a + s.wire, 0) / Math.max(1, result.samples.length);
  console.log(`  bytes on the wire per answer: ${(wire / 1024).toFixed(1)} KB (Accept-Encoding: ${ENCODING})`);
  console.log(`  5xx: ${fivexx}   non-200: ${non200}   network errors: ${result.errors}   not sent (over ${MAX_IN_FLIGHT} in flight): ${result.late}`);
}
