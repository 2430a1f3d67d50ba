/**
 * The reservation-limit bar (spec sections 2 and 3): minutes of reserved work used against the
 * tasker's limit, from the mirror (the worker refreshes it every 60 s; the list screen reads it with
 * its rows). Nothing while unknown.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReservationLimit } from '#domain/types';
import { formatMinutes } from '../i18n/format';
import './ReservationLimitBar.css';

export function ReservationLimitBar({ limit }: { limit: ReservationLimit | null | undefined }) {
  const { t, i18n } = useLingui();
  if (!limit || !(limit.limit > 0)) return null;
  const ratio = Math.min(1, Math.max(0, limit.used / limit.limit));
  const used = formatMinutes(limit.used, i18n.locale);
  const total = formatMinutes(limit.limit, i18n.locale);
  const left = formatMinutes(Math.max(0, limit.limit - limit.used), i18n.locale);
  const tone = ratio >= 1 ? 'error' : ratio >= 0.8 ? 'warning' : 'ok';
  return (
    <div className={`limit-bar limit-bar--${tone}`}>
      <div className="limit-bar__text">
        <span className="limit-bar__label">
          <Trans>Reservation limit</Trans>
        </span>
        <span className="limit-bar__value">
          <Trans>
            {used} of {total}
          </Trans>
        </span>
      </div>
      <div
        className="limit-bar__track"
        role="meter"
        aria-label={t`Reservation limit used`}
        aria-valuemin={0}
        aria-valuemax={limit.limit}
        aria-valuenow={Math.min(limit.used, limit.limit)}
        aria-valuetext={t`${used} of ${total} used, ${left} left`}
      >
        <div className="limit-bar__fill" style={{ width: `${ratio * 100}%` }} />
      </div>
    </div>
  );
}
