/** The tasker's recorded payouts, newest first: the week, the total, paid (when) or not yet; each expands to its figures and lines. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { NextPayment, Payout } from '#domain/payouts';
import { formatMoney, isZero, marketWeek, negated } from './format';
import { PayoutLines } from './PayoutLines';

/** `next`: the payment now building (the mirror's payout info), which says whether work is already waiting to be paid. */
export function PastPayouts({ payouts, next = null }: { payouts: readonly Payout[]; next?: NextPayment | null }) {
  const { i18n } = useLingui();
  if (payouts.length === 0) {
    // Once work is accepted (or a bonus earned) the first payout no longer waits for an acceptance.
    const waiting = next !== null && (next.tasksCount > 0 || next.lines.length > 0);
    return (
      <p className="muted past-payouts__empty">
        {waiting ? (
          <Trans>No payouts yet. Your first one, with the work accepted so far, is made after this week ends.</Trans>
        ) : (
          <Trans>No payouts yet. Your first one is made after the week in which staff accept your first task.</Trans>
        )}
      </p>
    );
  }
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' });
  const money = (m: Payout['total'], minus = false) => formatMoney(minus && !isZero(m) ? negated(m) : m, i18n.locale);
  return (
    <ul className="past-payouts">
      {payouts.map((p) => {
        const week = marketWeek(p.weekStart, i18n.locale, { year: true });
        const paidOn = p.paidAt ? day.format(new Date(p.paidAt)) : null;
        const count = p.tasksCount;
        return (
          <li key={p.id} className="past-payout" data-testid="past-payout" data-status={p.status}>
            <details>
              <summary className="past-payout__summary">
                <span className="past-payout__week">{week}</span>
                <span className="past-payout__total">{money(p.total)}</span>
                <span className={`past-payout__status past-payout__status--${p.status}`}>
                  {p.status === 'paid' ? paidOn ? <Trans>Paid on {paidOn}</Trans> : <Trans>Paid</Trans> : <Trans>Not paid yet</Trans>}
                </span>
              </summary>
              <dl className="payout-row__facts">
                <dt>
                  <Trans>Completed tasks value</Trans> (<Plural value={count} one="# task" other="# tasks" />)
                </dt>
                <dd>{money(p.taskReward)}</dd>
                <dt>
                  <Trans>Reward reductions</Trans>
                </dt>
                <dd>{money(p.unpaidTasksDeductions, true)}</dd>
                <dt>
                  <Trans>Overpayment repayment</Trans>
                </dt>
                <dd>{money(p.paidTasksDeductions, true)}</dd>
                {isZero(p.bonuses) ? null : (
                  <>
                    <dt>
                      <Trans>Mission and referral bonuses</Trans>
                    </dt>
                    <dd>{money(p.bonuses)}</dd>
                  </>
                )}
              </dl>
              <PayoutLines lines={p.lines} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}
