/**
 * A loopback TCP proxy in front of a server of the spec's own (node:net, in the test process): the
 * browser loads the app and talks to the API through it (one origin), and the test decides what
 * happens to each connection — as a phone's bad network or a dying server would, never an answer
 * the server did not give:
 *
 * - `loseAnswers(count, match)`: the next `count` matching requests reach the server whole, and
 *   their connection is cut (RST) the moment the server's answer starts to come back: the server
 *   acted, the phone never hears of it. `whenAnswered` runs at that moment (e.g. SIGKILL the server).
 * - `refuse()`: new connections are reset at once (nothing listening); `hold()`: they wait, unsent,
 *   until `release()`.
 *
 * Each request's line is read from the connection to log it (`requests`) and its `Connection`
 * header is replaced by `Connection: close`, so every connection carries exactly one request and a
 * fault hits the request it was meant for (a kept-alive connection would carry several). The
 * bytes are otherwise forwarded as they are, both ways.
 */
import net from 'node:net';

export interface ProxiedRequest {
  /** 1, 2, 3… in the order the requests' heads arrived. */
  n: number;
  method: string;
  /** The request target as sent: path and query. */
  path: string;
  /** Its Idempotency-Key header (outbox records carry one), or null. */
  key: string | null;
  /** The status of the server's answer, once its first bytes came back. */
  status?: number;
  /** The answer came from the server's key store (`Idempotent-Replayed: true`). */
  replayed?: boolean;
  /** Set once the server's answer started to come back and was not forwarded. */
  answerLost?: boolean;
}

export interface Fault {
  /** Forward the request, swallow the answer: cut both connections when its first bytes arrive. */
  loseAnswer: true;
  /** Runs when the answer arrives, before the cut; the cut waits for it. */
  whenAnswered?: () => Promise<void> | void;
}

/** Requests that change something on the server (the outbox's, logins…). */
export const mutating = (r: ProxiedRequest): boolean => r.method !== 'GET' && r.method !== 'HEAD' && r.path.startsWith('/api/');

const MAX_HEAD_BYTES = 64 * 1024;

export class FaultProxy {
  readonly requests: ProxiedRequest[] = [];
  /** Decides each request's fate as its head arrives; null = forward it. */
  fault: ((request: ProxiedRequest) => Fault | null) | null = null;
  private refusing = false;
  private held: (() => void)[] | null = null;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
    private readonly upstreamPort: number,
  ) {}

  static async start(upstreamPort: number): Promise<FaultProxy> {
    const server = net.createServer();
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    const proxy = new FaultProxy(server, port, upstreamPort);
    server.on('connection', (client) => proxy.accept(client));
    return proxy;
  }

  /** http://127.0.0.1:<port>: the origin the browser uses. */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Requests seen since `mark` (a length of `requests` taken earlier). */
  since(mark: number): ProxiedRequest[] {
    return this.requests.slice(mark);
  }

  /**
   * The next `count` requests that `match` lose their answer; the rest pass. Resolves with those
   * requests once all `count` answers were lost.
   */
  loseAnswers(count: number, match: (r: ProxiedRequest) => boolean, whenAnswered?: () => Promise<void> | void): Promise<ProxiedRequest[]> {
    const lost: ProxiedRequest[] = [];
    return new Promise((resolve) => {
      this.fault = (request) => {
        if (lost.length >= count || !match(request)) return null;
        lost.push(request);
        return {
          loseAnswer: true,
          whenAnswered: async () => {
            await whenAnswered?.();
            if (lost.length === count && lost.every((r) => r.answerLost)) {
              this.fault = null;
              resolve(lost);
            }
          },
        };
      };
    });
  }

  /** New connections are reset as they arrive, until `pass()`. */
  refuse(): void {
    this.refusing = true;
  }

  /** New connections wait, nothing forwarded, until `release()`. */
  hold(): void {
    this.held ??= [];
  }

  /** Forwards the held connections and every new one. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const start of held) start();
  }

  /** Back to forwarding everything (the fault rule is kept; set `fault = null` to drop it). */
  pass(): void {
    this.refusing = false;
    this.release();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.refusing) {
      client.resetAndDestroy();
      return;
    }
    if (this.held) this.held.push(() => this.forward(client));
    else this.forward(client);
  }

  private forward(client: net.Socket): void {
    if (client.destroyed) return;
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > MAX_HEAD_BYTES) client.resetAndDestroy();
        return;
      }
      client.off('data', onData);
      client.pause();
      this.connectUpstream(client, head.subarray(0, end).toString('latin1'), head.subarray(end + 4));
    };
    client.on('data', onData);
  }

  private connectUpstream(client: net.Socket, head: string, bodyStart: Buffer): void {
    const [line = '', ...headers] = head.split('\r\n');
    const [method = '', path = ''] = line.split(' ');
    const key = headers.find((h) => /^idempotency-key\s*:/i.test(h))?.replace(/^[^:]*:\s*/, '') ?? null;
    const request: ProxiedRequest = { n: this.requests.length + 1, method, path, key };
    this.requests.push(request);
    const fault = this.fault?.(request) ?? null;
    const kept = headers.filter((h) => !/^(connection|keep-alive|proxy-connection)\s*:/i.test(h));
    const rewritten = Buffer.from([line, ...kept, 'Connection: close', '', ''].join('\r\n'), 'latin1');

    const upstream = net.connect(this.upstreamPort, '127.0.0.1');
    this.track(upstream);
    // The server is down or went away: the phone sees the connection reset.
    upstream.on('error', () => client.resetAndDestroy());
    // Closed before its answer was forwarded whole (killed mid-request, or the answer swallowed).
    upstream.on('close', () => {
      if (!client.writableEnded) client.resetAndDestroy();
    });
    client.on('close', () => upstream.destroy());
    upstream.once('data', (chunk: Buffer) => {
      const answer = chunk.toString('latin1', 0, Math.min(chunk.length, 4096));
      request.status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      request.replayed = /\r\nidempotent-replayed:\s*true\r\n/i.test(answer);
    });
    upstream.once('connect', () => {
      upstream.write(Buffer.concat([rewritten, bodyStart]));
      client.pipe(upstream);
      if (!fault) {
        upstream.pipe(client);
        return;
      }
      upstream.once('data', () => {
        upstream.pause();
        request.answerLost = true;
        void Promise.resolve(fault.whenAnswered?.()).finally(() => {
          client.resetAndDestroy();
          upstream.destroy();
        });
      });
    });
  }
}
