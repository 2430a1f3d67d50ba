/**
 * Fixtures for the sync worker's tests, written into the real server's database: each test works
 * in its own world — its tasker, stores, task type and tasks, all with ids prefixed by the world's
 * tag (`w3-a1`) — so the tests of one file share a server without seeing each other's data.
 * Creating a world also takes every available task still on offer off the market (they become
 * `expired`: the seed's and earlier tests'), so the available list holds this world's tasks only.
 *
 * Fixtures only set up data, the way staff or another device would leave it; what the server
 * answers is always decided by the server.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { issueTokens } from '../../server/auth/tokens';
import { signAccessToken } from '../../server/http/accessTokens';
import { execDb } from '../../server/execution/tables';
import { hashPassword } from '../../server/auth/passwords';
import { earlyCancelDeadline } from '#domain/tasks';
import type { AuthTokens, ChecklistItem, Photo, TaskStatus } from '#domain/types';
import type { TestServer } from '../server/helpers';

/** The fixtures' store: Maxima, Gedimino pr. 9, Vilnius. */
export const AT_STORE = { latitude: 54.687, longitude: 25.279 };

/** A window that is open at START (08:00 UTC). */
export const OPEN_WINDOW = { timeWindowStart: '2026-11-21T07:00:00.000Z', timeWindowEnd: '2026-11-21T14:00:00.000Z' };

export interface Tasker {
  id: string;
  email: string;
}

export interface TaskSpec {
  status?: TaskStatus;
  /** The tasker (user id) of a task that is not available; the world's tasker by default. */
  taskerId?: string | null;
  /** A store of the world (name); by default the task gets a store of its own, `p-<name>`. */
  place?: string;
  /** A task type of the world (name); 'shelf' by default. */
  taskType?: string;
  timeWindowStart?: string;
  timeWindowEnd?: string;
  expectedDuration?: number;
  /** Default: the staff rule (window end − duration − 48 h, window start − 1 h). */
  earlyCancelDeadline?: string | null;
  lateCancelDeadline?: string | null;
  reservedAt?: string;
  startTime?: string | null;
  endTime?: string | null;
  updatedAt?: string;
  letterOfAuthorityUrl?: string | null;
  targetProductPhotos?: string[];
}

export interface PlaceSpec {
  retailerId?: string;
  latitude?: number;
  longitude?: number;
}

/** Counts worlds per process (on globalThis: the server outlives a test file's modules). */
const WORLD_COUNT = Symbol.for('shelfwork.test.worldCount');

function nextWorldNumber(): number {
  const scope = globalThis as { [WORLD_COUNT]?: number };
  scope[WORLD_COUNT] = (scope[WORLD_COUNT] ?? 0) + 1;
  return scope[WORLD_COUNT];
}

export class World {
  readonly tag: string;
  readonly tasker: Tasker;
  private readonly places = new Set<string>();

  private constructor(
    readonly server: TestServer,
    tag: string,
  ) {
    this.tag = tag;
    this.tasker = { id: this.id('u1'), email: `ona-${tag}@example.lt` };
  }

  /** A fresh world: the market emptied, a tasker (approved, Lithuania) and the task type 'shelf'. */
  static async create(server: TestServer): Promise<World> {
    const world = new World(server, `w${nextWorldNumber()}`);
    await server.db.updateTable('tasks').set({ status: 'expired' }).where('status', '=', 'available').execute();
    await world.addTasker(world.tasker);
    await world.taskType('shelf');
    return world;
  }

  /** The server id of a fixture name ('a1' → 'w3-a1'). */
  id(name: string): string {
    return `${this.tag}-${name}`;
  }

  /** The fixture name of a server id ('w3-a1' → 'a1'); other ids unchanged. */
  name(id: string): string {
    return id.startsWith(`${this.tag}-`) ? id.slice(this.tag.length + 1) : id;
  }

  names(ids: Iterable<string>): string[] {
    return [...ids].map((id) => this.name(id));
  }

  private now(): Date {
    return this.server.clock.now();
  }

  /** Another approved tasker in the world's market (all trainings done). */
  async addTasker(tasker: Tasker, options: { status?: string; password?: string; countryCode?: string } = {}): Promise<Tasker> {
    const now = this.now();
    await this.server.db
      .insertInto('users')
      .values({
        id: tasker.id,
        email: tasker.email,
        password_hash: options.password ? await hashPassword(options.password) : null,
        first_name: 'Ona',
        middle_name: null,
        last_name: 'Petraitė',
        phone: null,
        country_code: options.countryCode ?? 'LT',
        status: options.status ?? 'active',
        payment_documents_done: true,
        profile_complete: true,
        rejection_reasons: '[]',
        rejection_comment: null,
        referral_code: null,
        reservation_limit_minutes: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const trainings = await this.server.db.selectFrom('trainings').select('id').execute();
    await this.server.db
      .insertInto('user_trainings')
      .values(trainings.map((t) => ({ user_id: tasker.id, training_id: t.id, done_at: now })))
      .execute();
    return tasker;
  }

  /** A second tasker of the world, `name` (e.g. 'u9'). */
  async otherTasker(name: string, options: { password?: string } = {}): Promise<Tasker> {
    return this.addTasker({ id: this.id(name), email: `${name}-${this.tag}@example.pl` }, options);
  }

  async setUserStatus(userId: string, status: string): Promise<void> {
    await this.server.db.updateTable('users').set({ status, updated_at: this.now() }).where('id', '=', userId).execute();
  }

  /** A token pair the server issued now (a login); `accessExpired`: the access token is long expired. */
  async tokensFor(userId: string, options: { accessExpired?: boolean } = {}): Promise<AuthTokens> {
    const { context } = this.server;
    const tokens = await issueTokens(this.server.db, context.tokens, userId, this.now());
    if (!options.accessExpired) return tokens;
    const longAgo = new Date(this.now().getTime() - (context.tokens.accessTokenTtlSeconds + 3600) * 1000);
    return { ...tokens, token: await signAccessToken(context.tokens, userId, longAgo) };
  }

  /** A call to the API as `userId` (another device of that tasker, or another tasker). */
  async request(userId: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<LightMyRequestResponse> {
    const token = await signAccessToken(this.server.context.tokens, userId, this.now());
    return this.server.request({
      method,
      url: `/api/${path}`,
      token,
      headers: method === 'POST' ? { 'idempotency-key': randomUUID(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) } : {},
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  /** Like `request`, and fails the test unless the server answered 2xx. */
  async call<T = unknown>(userId: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await this.request(userId, method, path, body);
    if (res.statusCode >= 300) throw new Error(`${method} ${path} as ${userId}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  }

  async place(name: string, spec: PlaceSpec = {}): Promise<string> {
    const id = this.id(name);
    if (this.places.has(id)) return id;
    this.places.add(id);
    await this.server.db
      .insertInto('places')
      .values({
        id,
        title: 'Maxima Gedimino pr.',
        address: 'Gedimino pr. 9',
        city: 'Vilnius',
        country_code: 'LT',
        latitude: spec.latitude ?? AT_STORE.latitude,
        longitude: spec.longitude ?? AT_STORE.longitude,
        retailer_id: spec.retailerId ?? 'maxima',
        created_at: this.now(),
      })
      .execute();
    return id;
  }

  /** Moves a store (staff corrected its coordinates). */
  async movePlace(name: string, to: { latitude: number; longitude: number }): Promise<void> {
    await this.server.db.updateTable('places').set(to).where('id', '=', this.id(name)).execute();
  }

  /** A task type of the world: no trainings needed; `photos` are its reference photos. */
  async taskType(name: string, spec: { title?: string; filterTitle?: string; photos?: string[] } = {}): Promise<string> {
    const id = this.id(name);
    await this.server.db
      .insertInto('task_types')
      .values({
        id,
        title: spec.title ?? 'Shelf photo',
        short_description: 'Photograph the shelf',
        full_description: '# Shelf photo',
        default_photo: null,
        photos: JSON.stringify(spec.photos ?? []),
        featured_images: '[]',
        filter_title: spec.filterTitle ?? 'Photos',
        nda_protected: false,
        created_at: new Date('2026-10-01T00:00:00.000Z'),
      })
      .execute();
    return id;
  }

  async task(name: string, status: TaskStatus = 'available', spec: TaskSpec = {}): Promise<string> {
    const [id] = await this.tasks([[name, { ...spec, status }]]);
    return id as string;
  }

  /** Inserts tasks as staff created them and taskers moved them on (one statement). */
  async tasks(specs: [string, TaskSpec][]): Promise<string[]> {
    const now = this.now();
    const rows = [];
    for (const [name, spec] of specs) {
      const status = spec.status ?? 'available';
      const start = spec.timeWindowStart ?? '2026-11-22T07:00:00.000Z';
      const end = spec.timeWindowEnd ?? '2026-11-22T14:00:00.000Z';
      const duration = spec.expectedDuration ?? 60;
      const placeId = await this.place(spec.place ?? `p-${name}`);
      const taken = status !== 'available';
      const started = taken && status !== 'reserved';
      const reservedAt = spec.reservedAt ?? new Date(now.getTime() - 3600_000).toISOString();
      const startTime = spec.startTime !== undefined ? spec.startTime : started ? new Date(now.getTime() - 1800_000).toISOString() : null;
      const ended = ['awaiting_confirmation', 'accepted', 'rejected'].includes(status);
      const endTime = spec.endTime !== undefined ? spec.endTime : ended ? end : null;
      rows.push({
        id: this.id(name),
        status,
        tasker_id: spec.taskerId !== undefined ? spec.taskerId : taken ? this.tasker.id : null,
        task_type_id: this.id(spec.taskType ?? 'shelf'),
        place_id: placeId,
        country_code: 'LT',
        title: `Shelf photo ${name}`,
        image: null,
        payment_id: null,
        time_window_start: new Date(start),
        time_window_end: new Date(end),
        start_time: startTime ? new Date(startTime) : null,
        end_time: endTime ? new Date(endTime) : null,
        finalization_time: ended && endTime ? new Date(endTime) : null,
        expected_duration: duration,
        currency_code: 'EUR',
        reward: '12.50',
        base_reward: '12.50',
        bonus_reward: null,
        reduced_reward: null,
        early_cancel_deadline: dateOrNull(spec.earlyCancelDeadline !== undefined ? spec.earlyCancelDeadline : earlyCancelDeadline(end, duration)),
        late_cancel_deadline: dateOrNull(spec.lateCancelDeadline !== undefined ? spec.lateCancelDeadline : new Date(Date.parse(start) - 3600_000).toISOString()),
        result_comment: null,
        tasker_comment: null,
        descriptive_comment: null,
        letter_of_authority_url: spec.letterOfAuthorityUrl ?? null,
        target_product_photos: JSON.stringify(spec.targetProductPhotos ?? []),
        done_checklist_item_ids: '[]',
        has_outstanding_dispute: false,
        created_at: now,
        updated_at: new Date(spec.updatedAt ?? '2026-11-20T10:00:00.000Z'),
        reserved_at: taken ? new Date(reservedAt) : null,
        start_received_at: startTime ? new Date(startTime) : null,
      });
    }
    for (let i = 0; i < rows.length; i += 200) await this.server.db.insertInto('tasks').values(rows.slice(i, i + 200)).execute();
    return rows.map((r) => r.id);
  }

  /** Changes a task on the server the way staff or the server's own jobs would. */
  async updateTask(name: string, change: { status?: TaskStatus; taskerId?: string | null; taskType?: string; timeWindowStart?: string; updatedAt?: string }): Promise<void> {
    await this.server.db
      .updateTable('tasks')
      .set({
        ...(change.status ? { status: change.status } : {}),
        ...(change.taskerId !== undefined ? { tasker_id: change.taskerId } : {}),
        ...(change.taskType ? { task_type_id: this.id(change.taskType) } : {}),
        ...(change.timeWindowStart ? { time_window_start: new Date(change.timeWindowStart) } : {}),
        updated_at: change.updatedAt ? new Date(change.updatedAt) : this.now(),
      })
      .where('id', '=', this.id(name))
      .execute();
  }

  /** The task's checklist, in order: [name, type] per item (ids `w3-c1`…). */
  async checklist(taskName: string, items: [string, ChecklistItem['type']][]): Promise<void> {
    await this.server.db
      .insertInto('checklist_items')
      .values(
        items.map(([name, type], position) => ({
          id: this.id(name),
          task_id: this.id(taskName),
          position,
          type,
          title: `Item ${name}`,
          description: null,
          is_optional: false,
          metadata: '{}',
        })),
      )
      .execute();
  }

  /** Links products of the seed to the task; answers them as the server lists them. */
  async products(taskName: string, count: number): Promise<{ ean: string; name: string }[]> {
    const products = await this.server.db.selectFrom('products').select(['id', 'ean', 'name', 'brand']).orderBy('brand').orderBy('name').limit(count).execute();
    await this.server.db
      .insertInto('task_products')
      .values(products.map((p) => ({ task_id: this.id(taskName), product_id: p.id })))
      .execute();
    return products.map((p) => ({ ean: p.ean, name: p.name }));
  }

  /** The defects of the seed that apply to the task (unchecked). */
  async taskDefects(taskName: string, defectIds: string[]): Promise<void> {
    await this.server.db
      .insertInto('task_defects')
      .values(defectIds.map((defectId) => ({ task_id: this.id(taskName), defect_id: defectId, checked: false })))
      .execute();
  }

  /** A photo the tasker added to the task from another device: metadata, then the file. */
  async uploadPhoto(taskName: string, photoName: string, bytes: Uint8Array): Promise<void> {
    const { data } = await this.call<{ data: { presignedUrl: string }[] }>(this.tasker.id, 'POST', `task/${this.id(taskName)}/photos`, { photos: [{ id: this.id(photoName) }] });
    const put = await this.server.request({ method: 'PUT', url: data[0]?.presignedUrl ?? '', headers: { 'content-type': 'image/jpeg' }, payload: Buffer.from(bytes) });
    if (put.statusCode !== 200) throw new Error(`photo upload: ${put.statusCode} ${put.body}`);
  }

  // -------------------------------------------------------------------------------------------
  // What the server holds

  async serverTask(name: string) {
    return this.server.db
      .selectFrom('tasks')
      .select(['id', 'status', 'tasker_id', 'start_time', 'end_time', 'tasker_comment', 'done_checklist_item_ids', 'updated_at'])
      .where('id', '=', this.id(name))
      .executeTakeFirstOrThrow();
  }

  async serverUser(userId: string = this.tasker.id) {
    return this.server.db.selectFrom('users').select(['id', 'status', 'country_code', 'first_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  }

  async checkedDefects(taskName: string): Promise<string[]> {
    const rows = await this.server.db.selectFrom('task_defects').select('defect_id').where('task_id', '=', this.id(taskName)).where('checked', '=', true).orderBy('defect_id').execute();
    return rows.map((r) => r.defect_id);
  }

  async scans(taskName: string): Promise<{ id: string; ean: string; facings: number }[]> {
    return execDb(this.server.db).selectFrom('scanned_items').select(['id', 'ean', 'facings']).where('task_id', '=', this.id(taskName)).orderBy('position').execute();
  }

  /** The task's photo rows (file key, hash, upload time…). */
  async photoRows(taskName: string) {
    return execDb(this.server.db).selectFrom('photos').selectAll().where('task_id', '=', this.id(taskName)).orderBy('id').execute();
  }

  async completions(taskName: string) {
    return execDb(this.server.db).selectFrom('task_completions').selectAll().where('task_id', '=', this.id(taskName)).execute();
  }

  /** The task's photos as its tasker reads them (GET photos), each with its file's bytes (null until uploaded). */
  async photos(taskName: string): Promise<(Photo & { bytes: Uint8Array | null })[]> {
    const { data } = await this.call<{ data: Photo[] }>(this.tasker.id, 'GET', `task/${this.id(taskName)}/photos`);
    return Promise.all(
      data.map(async (photo) => {
        if (!photo.url) return { ...photo, bytes: null };
        const file = await this.server.request({ method: 'GET', url: photo.url });
        if (file.statusCode !== 200) throw new Error(`photo file ${photo.id}: ${file.statusCode}`);
        return { ...photo, bytes: new Uint8Array(file.rawPayload) };
      }),
    );
  }
}

function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}
