/** The server clock, injectable so tests can fix and move time (business rules use it, not the DB's now()). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class FixedClock implements Clock {
  private current: number;
  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * The system clock moved by an offset that can change while the server runs. Test-only: main.ts
 * uses it outside production (NODE_ENV !== 'production'), where POST /api/staff/dev/clock sets the
 * offset (server/devClock.ts) so an end-to-end test can let a market week end (the weekly payout
 * run pays only a week that is over). It moves the API's requests only; the background jobs keep
 * the real clock. Production always runs on systemClock.
 */
export class OffsetClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}
