/** Splits the time left until a deadline for the in-progress countdown (spec section 2). Pure. */

export interface TimeLeft {
  expired: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function timeLeft(deadline: string, now: Date): TimeLeft {
  const ms = Date.parse(deadline) - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return { expired: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  // Round up to whole seconds so the display reaches 00:00:00 exactly when the window closes.
  const total = Math.ceil(ms / 1000);
  return {
    expired: false,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** 'HH:MM:SS' of the part below one day. */
export function clockText(left: TimeLeft): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`;
}
