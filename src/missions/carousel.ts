/**
 * The missions widget's carousel timing (spec section 9: autoplay every 30 s, looping). Kept out of
 * React so it is tested with fake timers: `start` ticks to the next slide every interval and wraps
 * to the first after the last; any interaction of the tasker (swipe, arrow, dot, focus) stops the
 * autoplay for good, as does a preference for reduced motion (the caller does not start it).
 */
export const CAROUSEL_AUTOPLAY_MS = 30_000;

export class CarouselAutoplay {
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  index = 0;

  constructor(
    private count: number,
    private readonly onChange: (index: number) => void,
    private readonly intervalMs: number = CAROUSEL_AUTOPLAY_MS,
  ) {}

  /** Starts the autoplay (no-op after `stop`, or with fewer than two slides). */
  start(): void {
    if (this.stopped || this.timer !== null || this.count < 2) return;
    this.timer = setInterval(() => this.show((this.index + 1) % this.count), this.intervalMs);
  }

  /** The tasker took over: no more automatic moves. */
  stop(): void {
    this.stopped = true;
    this.pause();
  }

  /** Leaves the page (unmount); `start` may be called again. */
  pause(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  get isPlaying(): boolean {
    return this.timer !== null;
  }

  /** The tasker moved: to `index`, looping at both ends; stops the autoplay. */
  goTo(index: number): void {
    this.stop();
    this.show(((index % this.count) + this.count) % this.count);
  }

  next(): void {
    this.goTo(this.index + 1);
  }

  previous(): void {
    this.goTo(this.index - 1);
  }

  /** The slides changed (a mission completed): stay in range, restart the interval. */
  setCount(count: number): void {
    this.count = count;
    if (this.index >= count) this.show(Math.max(0, count - 1));
    const playing = this.isPlaying;
    this.pause();
    if (playing) this.start();
  }

  private show(index: number): void {
    if (index === this.index) return;
    this.index = index;
    this.onChange(index);
  }
}
