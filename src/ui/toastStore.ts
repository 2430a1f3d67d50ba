/**
 * The app-wide toast queue. A plain store (not React state) so non-React code — command helpers,
 * connection listeners — can raise toasts. Messages are kept as Lingui descriptors and translated
 * when rendered, so a toast follows a language switch (Bluesky's stale-memo lesson).
 */
import type { MessageDescriptor } from '@lingui/core';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface ToastAction {
  label: MessageDescriptor;
  onClick: () => void;
}

export interface Toast {
  id: string;
  kind: ToastKind;
  /** A descriptor (translated on render) or text that is already in the tasker's language (server 420 messages). */
  message: MessageDescriptor | string;
  /** null = stays until dismissed (e.g. "you are offline"). */
  durationMs: number | null;
  action?: ToastAction;
}

export interface ToastInput {
  /** Reuse an id to replace a toast instead of stacking a duplicate. */
  id?: string;
  kind?: ToastKind;
  message: MessageDescriptor | string;
  durationMs?: number | null;
  action?: ToastAction;
}

/** Spec section 8: alerts auto-hide after 3 s by default. */
export const DEFAULT_TOAST_MS = 3000;
const MAX_VISIBLE = 3;

let toasts: readonly Toast[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let counter = 0;

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(input: ToastInput): string {
  const id = input.id ?? `toast-${++counter}`;
  const toast: Toast = {
    id,
    kind: input.kind ?? 'info',
    message: input.message,
    durationMs: input.durationMs === undefined ? DEFAULT_TOAST_MS : input.durationMs,
    ...(input.action ? { action: input.action } : {}),
  };
  const existing = timers.get(id);
  if (existing) clearTimeout(existing);
  timers.delete(id);
  const rest = toasts.filter((t) => t.id !== id);
  toasts = [...rest, toast].slice(-MAX_VISIBLE);
  if (toast.durationMs !== null) timers.set(id, setTimeout(() => dismissToast(id), toast.durationMs));
  emit();
  return id;
}

export function dismissToast(id: string): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (!toasts.some((t) => t.id === id)) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
