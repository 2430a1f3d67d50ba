/**
 * Copying the referral code (spec section 9: copy cooldown 3 s): after a copy the button says
 * 'copied' and ignores presses for 3 s, then comes back. Kept out of React so it is tested with
 * fake timers.
 */
export const COPY_COOLDOWN_MS = 3_000;

export type CopyOutcome = 'copied' | 'cooling' | 'failed';

export class CopyCooldown {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly onChange: (copied: boolean) => void,
    private readonly cooldownMs: number = COPY_COOLDOWN_MS,
  ) {}

  get copied(): boolean {
    return this.timer !== null;
  }

  /** Writes with `write` unless still cooling down; 'copied' starts the 3 s. */
  async copy(write: () => Promise<void>): Promise<CopyOutcome> {
    if (this.timer !== null) return 'cooling';
    try {
      await write();
    } catch {
      return 'failed';
    }
    if (this.timer !== null) return 'cooling';
    this.timer = setTimeout(() => {
      this.timer = null;
      this.onChange(false);
    }, this.cooldownMs);
    this.onChange(true);
    return 'copied';
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
