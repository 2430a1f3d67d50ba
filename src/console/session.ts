/**
 * The console's sign-in: the staff member's access and refresh tokens and who they are, kept in
 * sessionStorage. The console is an office tool on shared desks: a session ends with the tab (and
 * the refresh token lives 12 hours on the server anyway), while a reload keeps it. Subscribers
 * (the App) re-render when it changes; a failed refresh signs out.
 */
import type { StaffMember } from '#domain/staff';
import { COUNTRY_CODES, type CountryCode } from '#domain/types';

export interface StaffSession {
  token: string;
  refreshToken: string;
  staff: StaffMember;
}

const KEY = 'shelfwork.console.session';
type Listener = (session: StaffSession | null) => void;
const listeners = new Set<Listener>();
let current: StaffSession | null | undefined;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function read(): StaffSession | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StaffSession>;
    return typeof parsed.token === 'string' && typeof parsed.refreshToken === 'string' && parsed.staff ? (parsed as StaffSession) : null;
  } catch {
    return null;
  }
}

export function getSession(): StaffSession | null {
  if (current === undefined) current = read();
  return current;
}

export function setSession(session: StaffSession | null): void {
  current = session;
  const store = storage();
  if (session) store?.setItem(KEY, JSON.stringify(session));
  else store?.removeItem(KEY);
  for (const listener of listeners) listener(session);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The markets the signed-in member may choose in a filter or form: their own when limited to some,
 * else every market (the server refuses the others anyway; the choice only offers what works).
 */
export function memberMarkets(): readonly CountryCode[] {
  const own = getSession()?.staff.markets ?? [];
  return own.length > 0 ? COUNTRY_CODES.filter((c) => own.includes(c)) : COUNTRY_CODES;
}
