/**
 * /profile/next-payout (spec section 2): the next payout's breakdown and the past payouts with
 * their status. From the mirror, with how old the figures are; while open the worker refreshes
 * them every 60 s (spec section 9).
 */
import { Trans } from '@lingui/react/macro';
import { Spinner } from '#ui/Spinner';
import { FreshnessLine } from '../shared/FreshnessLine';
import { NextPayoutBreakdown } from './NextPayoutBreakdown';
import { PastPayouts } from './PastPayouts';
import { usePayoutInfo, usePayouts } from './queries';
import './money.css';

export function NextPayoutScreen() {
  const info = usePayoutInfo();
  const payouts = usePayouts();
  if (info === undefined) return <Spinner />;
  return (
    <div className="next-payout-screen page">
      <FreshnessLine meta={info.meta} showingSavedData={info.value !== null} />
      {info.value ? (
        <NextPayoutBreakdown next={info.value.nextPayment} />
      ) : info.meta?.syncedAt ? (
        <p className="card muted">
          <Trans>Payouts start once your market is chosen.</Trans>
        </p>
      ) : info.meta?.error ? null : (
        <Spinner />
      )}
      <section className="past-payouts-section" aria-labelledby="past-payouts-title">
        <h2 id="past-payouts-title" className="section-title">
          <Trans>Past payouts</Trans>
        </h2>
        {payouts?.value ? <PastPayouts payouts={payouts.value} next={info.value?.nextPayment ?? null} /> : payouts?.meta?.error ? <FreshnessLine meta={payouts.meta} /> : <Spinner />}
      </section>
    </div>
  );
}
