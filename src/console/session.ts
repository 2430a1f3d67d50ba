/**
 * The console's sign-in: the staff member's access and refresh tokens and who they are, kept in
 * sessionStorage. The console is an office tool on shared desks: a session ends with the tab (and
 * the refresh token lives 12 hours on the server anyway), while a reload keeps it. Subscribers
 * (the App) re-render when it changes; a failed refresh signs out.
 */
import type { StaffMember } from '#domain/staff';

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
