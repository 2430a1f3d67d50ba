/**
 * One task in history: what and where, the day it was finished (or its window ended), and the
 * reward — the reduced one where it applies (accepted or rejected, spec section 4).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { TaskRow } from '#db/schema';
import { formatDateTime, formatMoney } from '../i18n/format';
import { shownReward, RetailerLogo } from '../tasks';
import { historyInstant } from './historyGroups';

export function HistoryTaskCard({ task }: { task: TaskRow }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const { reward, reduced } = shownReward(task);
  const when = formatDateTime(historyInstant(task), locale);
  return (
    <Link to={`/task/${encodeURIComponent(task.id)}`} className="history-card">
      <RetailerLogo src={task.place.logo ?? task.place.retailer.logo} name={task.place.retailer.name || task.place.title} />
      <div className="history-card__text">
        {/* Clamped or cut with an ellipsis when long: the title keeps the full text. */}
        <span className="history-card__title" title={task.title}>
          {task.title}
        </span>
        <span className="history-card__place" title={task.place.title}>
          {task.place.title}
        </span>
        <span className="history-card__when">{when}</span>
      </div>
      <div className="history-card__reward">
        {reduced ? (
          <>
            <s className="muted">{formatMoney(reward, locale)}</s>
            <strong>{formatMoney(reduced, locale)}</strong>
            <span className="history-card__reduced">
              <Trans>Reduced</Trans>
            </span>
          </>
        ) : (
          <strong>{formatMoney(reward, locale)}</strong>
        )}
      </div>
    </Link>
  );
}
