/**
 * Live time left until the in-progress task's window closes (spec section 2). Only this
 * component re-renders every second.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { clockText, timeLeft } from './countdown';
import { useNow } from '../shared/useNow';

/**
 * The section 4 deadline colours are tuned for days-away cancel deadlines and would paint every
 * running task red; here the warning starts when less time is left than the task is expected
 * to take.
 */
export function Countdown({ deadline, warnWithinMinutes }: { deadline: string; warnWithinMinutes: number }) {
  const { i18n } = useLingui();
  const now = useNow(1000);
  const left = timeLeft(deadline, now);
  if (left.expired) {
    return (
      <div className="countdown countdown--error" role="timer">
        <span className="countdown__label">
          <Trans>The time window has ended</Trans>
        </span>
      </div>
    );
  }
  const days =
    left.days > 0 ? new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(left.days) : null;
  return (
    <div className={`countdown${Date.parse(deadline) - now.getTime() < warnWithinMinutes * 60_000 ? ' countdown--warning' : ''}`} role="timer">
      <span className="countdown__label">
        <Trans>Time left</Trans>
      </span>
      <span className="countdown__value">
        {days && <span className="countdown__days">{days}</span>}
        <span className="countdown__clock">{clockText(left)}</span>
      </span>
    </div>
  );
}
