/**
 * Saving the push settings (spec section 7: changes within 500 ms deduplicated): each change
 * restarts a 500 ms wait; when it ends, the settings are sent only if they differ from the last
 * ones the server confirmed (or is being sent), so toggling a switch on and off quickly sends
 * nothing, and a burst of changes sends one request.
 */
import { PUSH_SETTINGS_DEBOUNCE_MS, type PushSettings } from '#domain/notifications';

export interface SettingsSaver {
  /** The settings as the tasker has them now. */
  change(next: PushSettings): void;
  /** The server's answer (or the loaded settings): the base later changes are compared with. */
  confirmed(settings: PushSettings): void;
  /** Sends a waiting change now (leaving the screen). */
  flush(): void;
  cancel(): void;
}

const same = (a: PushSettings | null, b: PushSettings) => !!a && a.topicTaskOffer === b.topicTaskOffer && a.topicBonus === b.topicBonus;

export function createSettingsSaver(send: (settings: PushSettings) => void, delayMs = PUSH_SETTINGS_DEBOUNCE_MS): SettingsSaver {
  let base: PushSettings | null = null;
  let pending: PushSettings | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    const next = pending;
    pending = null;
    if (!next || same(base, next)) return;
    base = next;
    send(next);
  };
  return {
    change(next) {
      pending = next;
      if (timer) clearTimeout(timer);
      timer = setTimeout(fire, delayMs);
    },
    confirmed(settings) {
      base = settings;
    },
    flush() {
      if (timer) clearTimeout(timer);
      fire();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
