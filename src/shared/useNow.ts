/**
 * The current time as React state, ticking at `intervalMs`: list groupings and freshness lines
 * tick per minute, the in-progress countdown per second (only the countdown re-renders).
 */
import { useEffect, useState } from 'react';

export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
