/**
 * Web push on this device (spec section 4): the subscription's state — `active` (the
 * browser is subscribed and the server has it), `local-only` (subscribed here, unknown to the
 * server: sent again), `none`, `unsupported` — and turning push on: the permission, the browser
 * subscription with the server's VAPID key, and `POST push-notification/subscription`.
 */
import { PUSH_POPUP_MAX_CLOSES } from '#domain/notifications';
import { isInstalledApp } from '../pwa/register';
import { pushNotificationCall } from './mutations';

export type PushState = 'active' | 'local-only' | 'none' | 'unsupported';
export type PushPermission = 'default' | 'granted' | 'denied';

/** localStorage: how often the tasker closed the push popup (spec section 9: at most 3). */
export const PUSH_POPUP_CLOSES_KEY = 'pushPopupCloseCount';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushPermission(): PushPermission {
  return pushSupported() ? (Notification.permission as PushPermission) : 'denied';
}

/** The service worker's registration, or null when there is none within 5 s (dev without a worker). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
}

async function localSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

function subscriptionBody(sub: PushSubscription) {
  const json = sub.toJSON();
  return { endpoint: sub.endpoint, expirationTime: sub.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** The state of this device; a `local-only` subscription is sent to the server again (then `active`). */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const sub = await localSubscription();
  if (!sub) return 'none';
  const listed = await pushNotificationCall({ op: 'subscriptions' });
  const endpoints = listed.ok ? ((listed.value as { data?: { endpoint?: string }[] } | null)?.data ?? []).map((s) => s.endpoint) : [];
  if (endpoints.includes(sub.endpoint)) return 'active';
  if (pushPermission() === 'granted') {
    const saved = await pushNotificationCall({ op: 'subscribe', subscription: subscriptionBody(sub) });
    if (saved.ok) return 'active';
  }
  return 'local-only';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

export type TurnOnResult = 'active' | 'denied' | 'failed' | 'unsupported';

/** Asks for the permission (from a tap), subscribes with the server's key and saves the subscription. */
export async function turnOnPush(): Promise<TurnOnResult> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const reg = await registration();
  if (!reg) return 'failed';
  const key = await pushNotificationCall({ op: 'vapid-public-key' });
  const publicKey = key.ok ? (key.value as { publicKey?: string } | null)?.publicKey : undefined;
  if (!publicKey) return 'failed';
  try {
    const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    const saved = await pushNotificationCall({ op: 'subscribe', subscription: subscriptionBody(sub) });
    return saved.ok ? 'active' : 'failed';
  } catch (error) {
    console.warn('[push] subscribe failed', error);
    return 'failed';
  }
}

export function popupCloses(): number {
  try {
    const n = Number(localStorage.getItem(PUSH_POPUP_CLOSES_KEY) ?? '0');
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

export function countPopupClose(): void {
  try {
    localStorage.setItem(PUSH_POPUP_CLOSES_KEY, String(popupCloses() + 1));
  } catch {
    // Storage refused: the popup may come back; nothing else breaks.
  }
}

/** Spec section 4: offered only in the installed app (logged in and not embedded: the caller's layout). */
export function pushPopupWanted(facts: { installed: boolean; supported: boolean; closes: number; state: PushState | null }): boolean {
  return facts.installed && facts.supported && facts.closes < PUSH_POPUP_MAX_CLOSES && (facts.state === 'none' || facts.state === 'local-only');
}

export { isInstalledApp };
