/**
 * How a feature registers with the sync engine (engine.ts). A feature is one folder of features/
 * whose index.ts exports one `defineFeature({...})`: its outbox kinds (kinds.ts: payload typed by
 * kind, delivery lane, coalescing), and a `setup(ctx)` that answers its commands (each with its
 * input types and doc comment; `queued` ones write the outbox, so the worker wakes for their
 * retries), its pulls (which stage of a sync, when due), its watch signals (what an open screen
 * asks to keep fresh), the follow-up pulls a settled record may ask for, and what it forgets on
 * logout. The page's contract (`SyncApi`, src/contracts/sync.ts) is derived from these
 * definitions by `SyncApiOf`: a command is written once, here, and nowhere else.
 */
import type { CommandResult, SyncReason } from '#contracts/sync';
import type { ShelfworkDb } from '#db/schema';
import type { User } from '#domain/types';
import type { Drainer } from './drainer';
import type { FollowUp, OutboxKinds } from './kinds';
import type { ImageCache } from './pack';
import type { LocalWrites, PullContext } from './pulls/base';
import type { Session } from './session';

export type Warn = (message: string, detail?: unknown) => void;

// ---- Commands --------------------------------------------------------------------------------

// Handler arguments are each command's own (checked by the handler); `never[]` accepts any list.
type Handler = (...args: never[]) => Promise<unknown>;

export interface CommandDef<H extends Handler = Handler, Exposed extends boolean = boolean> {
  run: H;
  /** It writes the outbox: the worker re-plans its wake-up for the record's retries. */
  queued: boolean;
  /** On the page's contract (false: tests and tools only, on the engine). */
  exposed: Exposed;
}

/** A command answered at once (online, or a read into the mirror). */
export const command = <H extends Handler>(run: H): CommandDef<H, true> => ({ run, queued: false, exposed: true });
/** A command that queues an outbox record (works offline). */
export const queued = <H extends Handler>(run: H): CommandDef<H, true> => ({ run, queued: true, exposed: true });
/** A queued command for tests and tools, not on the page's contract. */
export const internal = <H extends Handler>(run: H): CommandDef<H, false> => ({ run, queued: true, exposed: false });

// ---- Pulls -----------------------------------------------------------------------------------

/**
 * When in a sync a pull step runs. 'public': before the session is checked (reference data).
 * 'session': one after the other, the session checked again after each (the user row decides
 * the rest). 'account': with the user read, each step starting its jobs side by side. 'after':
 * once every pull settled, logged in or not (the steps check what they need).
 */
export type PullStage = 'public' | 'session' | 'account' | 'after';

export interface PullRun {
  /** A trigger that means "the connection may be back" (skip the failed-pull pause). */
  eager: boolean;
  force: boolean;
  now: Date;
  /** The mirrored user (null before the 'account' stage, or none). */
  user: User | null;
  /** Due by its meta row: never synced, past `intervalMs`, or forced. */
  due(metaKey: string, intervalMs: number): Promise<boolean>;
  /** Starts a job beside the others of this sync (guarded; the sync waits for it). */
  start(what: string, job: () => Promise<unknown>): void;
}

export interface PullStep {
  stage: PullStage;
  run(sync: PullRun): Promise<void>;
}

// ---- What the engine gives a feature ---------------------------------------------------------

export interface FeatureContext {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  warn: Warn;
  /** Resolves once the page called init() (the API base is known). */
  ready: Promise<void>;
  apiBase: () => Promise<string>;
  imageCache: ImageCache | null;
  pullCtx: PullContext;
  writes: LocalWrites;
  drainer: Drainer;
  /** Runs a background job whose throw is a bug: logged and contained. */
  guard<T>(what: string, job: () => Promise<T>): Promise<T | undefined>;
  /** Joins a call to the same job already in flight (a scroll sentinel may fire twice). */
  once(key: string, job: () => Promise<CommandResult>): Promise<CommandResult>;
  /** Queues a background job on the sync chain (never beside a sync's pull of the same data). */
  chain(job: () => Promise<unknown>): void;
  syncNow(reason: SyncReason, force?: boolean): Promise<void>;
  /** Every feature forgets what the screens watched (a logout ends them). */
  forgetWatches(): void;
}

export type FollowUpHandlers = { [P in NonNullable<FollowUp>['pull']]?: (followUp: Extract<NonNullable<FollowUp>, { pull: P }>) => Promise<unknown> };

export interface FeatureSetup<C extends Record<string, CommandDef>, W extends object> {
  commands?: C;
  /** The screen signals this feature reads from `watch(collections)`; called with every call's collections. */
  watch?: (signals: W) => void;
  pulls?: PullStep[];
  followUps?: FollowUpHandlers;
  /** A logout: forget what the screens watched. */
  forget?: () => void;
}

export interface Feature<C extends Record<string, CommandDef> = Record<string, CommandDef>, W extends object = object, K extends OutboxKinds = OutboxKinds> {
  name: string;
  kinds?: K;
  setup(ctx: FeatureContext): FeatureSetup<C, W>;
}

/** One feature's definition (the identity: it keeps the command, signal and kind types for SyncApiOf). */
export function defineFeature<C extends Record<string, CommandDef> = Record<string, never>, W extends object = object, K extends OutboxKinds = Record<never, never>>(
  feature: Feature<C, W, K>,
): Feature<C, W, K> {
  return feature;
}

// ---- The contract derived from the features --------------------------------------------------

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any feature's command, signal and kind types
export type AnyFeature = Feature<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the other parameters are any
type CommandsOfOne<F> = F extends Feature<infer C, any, any> ? C : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the other parameters are any
type SignalsOfOne<F> = F extends Feature<any, infer W, any> ? W : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the other parameters are any
type KindsOfOne<F> = F extends Feature<any, any, infer K> ? keyof K : never;

/** The outbox kind names the features define. */
export type KindNamesOf<Fs extends readonly AnyFeature[]> = { [I in keyof Fs]: KindsOfOne<Fs[I]> }[number];

/** Every command of the features, exposed or not (the engine's methods). */
export type AllCommandsOf<Fs extends readonly AnyFeature[]> = UnionToIntersection<
  { [I in keyof Fs]: { [K in keyof CommandsOfOne<Fs[I]>]: CommandsOfOne<Fs[I]>[K]['run'] } }[number]
>;
/** The commands on the page's contract. */
export type CommandsOf<Fs extends readonly AnyFeature[]> = UnionToIntersection<
  { [I in keyof Fs]: { [K in keyof CommandsOfOne<Fs[I]> as CommandsOfOne<Fs[I]>[K]['exposed'] extends true ? K : never]: CommandsOfOne<Fs[I]>[K]['run'] } }[number]
>;
/** What `watch` takes: every feature's signals. */
export type WatchOf<Fs extends readonly AnyFeature[]> = UnionToIntersection<{ [I in keyof Fs]: SignalsOfOne<Fs[I]> }[number]>;

/** The engine's own calls, beside the features' commands. */
export interface CoreApi<W> {
  /** Called once by the page; `apiBase` is the absolute URL of /api. */
  init(options: { apiBase: string }): Promise<void>;
  /** Pull everything that is due (or everything, when `force`). Never throws. */
  syncNow(reason: SyncReason, force?: boolean): Promise<void>;
  /**
   * Mark which collections the visible screen needs, so the worker keeps them fresh: each feature
   * declares its signals (features/<feature>/index.ts, `watch`). A signal left out is unchanged.
   */
  watch(collections: W): Promise<void>;
}

export type SyncApiOf<Fs extends readonly AnyFeature[]> = CoreApi<WatchOf<Fs>> & CommandsOf<Fs>;
