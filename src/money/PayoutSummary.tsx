/**
 * The payout summary on /profile (spec section 2): the next payout's total with its task count,
 * what has been paid so far, how old the figures are, and the way to the breakdown
 * (/profile/next-payout). From the mirror; while shown the worker refreshes it every 60 s.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Icon } from '#ui/Icon';
import { FreshnessLine } from '../shared/FreshnessLine';
import { formatMoney } from './format';
import { usePayoutInfo } from './queries';
import './money.css';

export function PayoutSummary() {
  const { i18n } = useLingui();
  const info = usePayoutInfo();
  if (info === undefined) return null;
  const payout = info.value;
  if (!payout) {
    // Never pulled (offline since login) or no market yet: the freshness line says which.
    return info.meta?.syncedAt ? null : (
      <section className="card payout-summary">
        <FreshnessLine meta={info.meta} />
      </section>
    );
  }
  const next = payout.nextPayment;
  const total = formatMoney(next.total, i18n.locale);
  const paid = formatMoney(payout.totalPaid, i18n.locale);
  const count = next.tasksCount;
  return (
    <section className="card payout-summary" aria-labelledby="payout-summary-title" data-testid="payout-summary">
      <Link to="/profile/next-payout" className="payout-summary__link">
        <span className="payout-summary__main">
          <span className="payout-summary__label" id="payout-summary-title">
            <Trans>Next payout</Trans>
          </span>
          <span className="payout-summary__total">{total}</span>
          <span className="payout-summary__count muted">
            <Plural value={count} one="# task" other="# tasks" />
          </span>
        </span>
        <Icon name="chevron" size={20} className="payout-summary__chevron" />
      </Link>
      <p className="payout-summary__paid muted">
        <Trans>Paid so far: {paid}</Trans>
      </p>
      <FreshnessLine meta={info.meta} showingSavedData />
    </section>
  );
}
