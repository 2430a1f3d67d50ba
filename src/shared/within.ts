/**
 * `promise`'s value, or `undefined` once `ms` have passed first — for reads a first paint waits
 * for, but never long. The timer is cleared either way.
 */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, waited]).finally(() => clearTimeout(timer));
}
