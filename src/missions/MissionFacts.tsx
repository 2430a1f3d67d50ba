/** A mission's reward and state line: bonus money, and when it ends (or that it completed or expired). */
import { Trans, useLingui } from '@lingui/react/macro';
import { showsMissionName, type Mission } from '#domain/missions';
import { formatDateTime } from '../i18n/format';
import { formatMoney } from '../money';

// One Intl.DateTimeFormat per locale, kept (i18n/format.ts): the offerings render this line on
// every tab switch to them.
const formatWhen = (iso: string, locale: string): string => formatDateTime(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });

export function MissionFacts({ mission }: { mission: Mission }) {
  const { i18n } = useLingui();
  const reward = mission.moneyReward ? formatMoney(mission.moneyReward, i18n.locale) : null;
  let state;
  if (mission.isCompleted) {
    const when = mission.completedAt ? formatWhen(mission.completedAt, i18n.locale) : null;
    state = when ? <Trans>Completed {when}</Trans> : <Trans>Completed</Trans>;
  } else if (mission.isExpired) {
    state = <Trans>Expired</Trans>;
  } else if (mission.expiresAt) {
    const when = formatWhen(mission.expiresAt, i18n.locale);
    state = <Trans>Ends {when}</Trans>;
  } else {
    state = <Trans>No time limit</Trans>;
  }
  return (
    <p className="mission-facts">
      {reward ? (
        <span className="mission-facts__reward">
          <Trans>Bonus {reward}</Trans>
        </span>
      ) : null}
      <span className={`mission-facts__state mission-facts__state--${mission.isCompleted ? 'completed' : mission.isExpired ? 'expired' : 'active'}`}>{state}</span>
    </p>
  );
}

/** The title the tasker sees: the mission's name, or a generic one when staff chose not to show it. */
export function useMissionTitle(mission: Mission): string {
  const { t } = useLingui();
  return showsMissionName(mission) ? mission.name : t`Bonus mission`;
}
