/**
 * The sync worker's engine with its features: the generic engine (engine.ts) joined with the
 * list of features/index.ts, its commands typed as methods (the page's ones and the tools-only
 * ones). worker.ts exposes it with Comlink; the tests drive it directly.
 */
import { Engine, type SyncEngineOptions } from './engine';
import type { AllCommandsOf } from './feature';
import { features, type SyncFeatures } from './features';

export type { SyncEngineOptions };

export type SyncEngine = Engine & AllCommandsOf<SyncFeatures>;

class FeaturedEngine extends Engine {
  constructor(options: SyncEngineOptions) {
    super(options, features);
  }
}

/** `new SyncEngine(options)`: the engine with every feature registered (their commands are its methods). */
export const SyncEngine = FeaturedEngine as new (options: SyncEngineOptions) => SyncEngine;
