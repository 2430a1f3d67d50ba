/**
 * Misread protection for the scan loop (pure). ZXing's readers check the EAN/UPC check digit, but a
 * blurred frame can still yield a wrong code that passes it (the decoder tests count a few among
 * ZXing's own photographs). A wrong EAN saved silently is worse than 50 ms more of aiming, so a
 * reading is accepted only when the same code came out of `required` of the last `window` frames.
 */

export interface ReadConfirmerOptions {
  /** How many of the recent frames must agree (default 2). */
  required?: number;
  /** How many recent frames are remembered (default 4); frames with no code count too. */
  window?: number;
}

export interface ReadConfirmer {
  /**
   * Feed one frame's reading (null when nothing was decoded). Returns the code the moment it is
   * confirmed, once; null otherwise. The same code is not returned again until reset().
   */
  push(text: string | null): string | null;
  /** Forget everything (after the tasker has handled the confirmed code). */
  reset(): void;
}

export function createReadConfirmer(options: ReadConfirmerOptions = {}): ReadConfirmer {
  const required = Math.max(1, options.required ?? 2);
  const window = Math.max(required, options.window ?? 4);
  let recent: (string | null)[] = [];
  let confirmed: string | null = null;
  return {
    push(text) {
      recent.push(text);
      if (recent.length > window) recent.shift();
      if (text == null || text === confirmed) return null;
      const agreeing = recent.filter((t) => t === text).length;
      if (agreeing < required) return null;
      confirmed = text;
      return text;
    },
    reset() {
      recent = [];
      confirmed = null;
    },
  };
}
