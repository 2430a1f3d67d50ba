/**
 * Whether this device has shown the welcome slides (or been signed in on): `/` sends a signed-out
 * first visit to /welcome, later ones to /login. Kept in localStorage; blocked storage counts as
 * seen, so a visitor is never sent to the slides on every visit.
 */
const WELCOME_SEEN_KEY = 'welcomeSeen';

export function welcomeSeen(): boolean {
  try {
    return localStorage.getItem(WELCOME_SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

export function markWelcomeSeen(): void {
  try {
    localStorage.setItem(WELCOME_SEEN_KEY, '1');
  } catch {
    // Not remembered: the next signed-out visit of / shows the slides again.
  }
}
