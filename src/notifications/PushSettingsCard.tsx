/**
 * Push settings on /settings (spec section 2: the installed app only): whether this
 * device gets pushes (turn them on; blocked → the device instructions), and the two topics —
 * new task offers (topicTaskOffer) and bonuses, missions and payouts (topicBonus). A switch
 * changes at once on screen; the server gets the settings 500 ms after the last change, and not
 * at all when they end where they started (pushSettingsSaver.ts). Online only: offline the card
 * says the settings could not be loaded.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '#ui/Icon';
import type { PushSettings } from '#domain/notifications';
import { pushNotificationCall } from './mutations';
import { pushPermission, pushState, turnOnPush, type PushState } from './push';
import { createSettingsSaver } from './pushSettingsSaver';

function readSettings(value: unknown): PushSettings | null {
  const v = value as Partial<PushSettings> | null;
  return v && typeof v.topicTaskOffer === 'boolean' && typeof v.topicBonus === 'boolean' ? { topicTaskOffer: v.topicTaskOffer, topicBonus: v.topicBonus } : null;
}

export function PushSettingsCard() {
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const saver = useMemo(
    () =>
      createSettingsSaver((next) => {
        setSaveFailed(false);
        void pushNotificationCall({ op: 'save-settings', settings: next }).then((r) => {
          const saved = r.ok ? readSettings(r.value) : null;
          if (saved) saver.confirmed(saved);
          else setSaveFailed(true);
        });
      }),
    [],
  );

  useEffect(() => {
    let cancelled = false;
    void pushNotificationCall({ op: 'settings' }).then((r) => {
      if (cancelled) return;
      const loaded = r.ok ? readSettings(r.value) : null;
      if (loaded) {
        saver.confirmed(loaded);
        setSettings(loaded);
      } else setLoadFailed(true);
    });
    void pushState().then((s) => !cancelled && setState(s));
    return () => {
      cancelled = true;
      saver.flush();
    };
  }, [saver]);

  const toggle = (key: keyof PushSettings) => {
    if (!settings) return;
    const next = { ...settings, [key]: !settings[key] };
    setSettings(next);
    saver.change(next);
  };
  const blocked = pushPermission() === 'denied';

  return (
    <section className="card" aria-labelledby="settings-push" data-testid="push-settings">
      <h2 id="settings-push" className="settings-heading">
        <Icon name="bell" />
        <Trans>Notifications</Trans>
      </h2>
      {state === 'unsupported' ? (
        <p className="muted">
          <Trans>This device cannot receive notifications.</Trans>
        </p>
      ) : state === 'active' ? (
        <p className="push-state push-state--on">
          <Icon name="check" size={18} />
          <Trans>Notifications are on for this device.</Trans>
        </p>
      ) : blocked ? (
        <p className="push-state">
          <Trans>Notifications are blocked for this app.</Trans> <Link to="/notification-permissions"><Trans>How to allow notifications</Trans></Link>
        </p>
      ) : state ? (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void turnOnPush().then(async () => {
              setState(await pushState());
              setBusy(false);
            });
          }}
        >
          <Trans>Turn on notifications</Trans>
        </button>
      ) : null}
      {loadFailed ? (
        <p className="muted" role="status">
          <Trans>Push settings could not be loaded. They need a connection.</Trans>
        </p>
      ) : settings ? (
        <div className="push-topics">
          <label className="push-topic">
            <span>
              <Trans>New task offers</Trans>
            </span>
            <input type="checkbox" role="switch" className="switch" checked={settings.topicTaskOffer} onChange={() => toggle('topicTaskOffer')} />
          </label>
          <label className="push-topic">
            <span>
              <Trans>Bonuses, missions and payouts</Trans>
            </span>
            <input type="checkbox" role="switch" className="switch" checked={settings.topicBonus} onChange={() => toggle('topicBonus')} />
          </label>
        </div>
      ) : null}
      {saveFailed ? (
        <p className="field-error" role="alert">
          <Trans>Could not save</Trans>
        </p>
      ) : null}
    </section>
  );
}
