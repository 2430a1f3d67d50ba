/**
 * The next payout's breakdown (spec section 2): the total, three expandable rows — completed tasks'
 * value, reward reductions, overpayment repayment with the policy's percentage — (plus mission and
 * referral bonuses when there are any) and the formula as its footer, with the figures.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { NextPayment, PayoutLineKind } from '#domain/payouts';
import { formatMoney, formatRate, isZero, marketWeek, negated } from './format';
import { PayoutLines } from './PayoutLines';

function Row({ title, amount, negative, children, testId }: { title: ReactNode; amount: string; negative?: boolean; children: ReactNode; testId: string }) {
  return (
    <details className="payout-row" data-testid={testId}>
      <summary className="payout-row__summary">
        <span className="payout-row__title">{title}</span>
        <span className={negative ? 'payout-row__amount is-negative' : 'payout-row__amount'}>{amount}</span>
      </summary>
      <div className="payout-row__body">{children}</div>
    </details>
  );
}

const of = (next: NextPayment, kinds: PayoutLineKind[]) => next.lines.filter((l) => kinds.includes(l.kind));

export function NextPayoutBreakdown({ next }: { next: NextPayment }) {
  const { i18n } = useLingui();
  const money = (m: NextPayment['total'], minus = false) => formatMoney(minus && !isZero(m) ? negated(m) : m, i18n.locale);
  const rate = formatRate(next.maxDeductionRate, i18n.locale);
  const count = next.tasksCount;
  const hasBonuses = !isZero(next.bonuses);
  const tasks = money(next.taskReward);
  const reductions = money(next.unpaidTasksDeductions);
  const repayment = money(next.paidTasksDeductions);
  const bonuses = money(next.bonuses);
  const total = money(next.total);
  const balance = money(next.overpaymentBalance);
  const carried = money(next.carriedOver);
  const period = marketWeek(next.weekStart, i18n.locale);

  return (
    <section className="card next-payout" aria-labelledby="next-payout-total">
      <p className="next-payout__label">
        <Trans>Next payout</Trans>
      </p>
      <p className="next-payout__total" id="next-payout-total" data-testid="next-payout-total">
        {total}
      </p>
      <p className="next-payout__period muted">
        <Trans>
          For {period} · <Plural value={count} one="# task" other="# tasks" />
        </Trans>
      </p>

      <div className="payout-rows">
        <Row testId="row-tasks" title={<Trans>Completed tasks value</Trans>} amount={tasks}>
          <PayoutLines lines={of(next, ['task'])} />
        </Row>
        <Row testId="row-reductions" title={<Trans>Reward reductions</Trans>} amount={money(next.unpaidTasksDeductions, true)} negative={!isZero(next.unpaidTasksDeductions)}>
          <PayoutLines lines={of(next, ['task_reduction', 'reduction'])} />
        </Row>
        <Row
          testId="row-repayment"
          title={
            <>
              <Trans>Overpayment repayment</Trans> <span className="payout-row__rate">({rate})</span>
            </>
          }
          amount={money(next.paidTasksDeductions, true)}
          negative={!isZero(next.paidTasksDeductions)}
        >
          <p className="payout-row__note">
            <Trans>
              When you were paid more than you earned (a reward reduced after it was paid), the difference is taken from later payouts: at most {rate} of a
              week's earnings, the rest carried over to the next weeks.
            </Trans>
          </p>
          <dl className="payout-row__facts">
            <dt>
              <Trans>Still to repay before this payout</Trans>
            </dt>
            <dd>{balance}</dd>
            <dt>
              <Trans>Carried over to later payouts</Trans>
            </dt>
            <dd>{carried}</dd>
          </dl>
        </Row>
        {hasBonuses ? (
          <Row testId="row-bonuses" title={<Trans>Mission and referral bonuses</Trans>} amount={bonuses}>
            <PayoutLines lines={of(next, ['mission_bonus', 'referral_bonus'])} />
          </Row>
        ) : null}
      </div>

      <footer className="next-payout__formula" data-testid="payout-formula">
        <p className="next-payout__formula-words">
          {hasBonuses ? (
            <Trans>Payout = completed tasks − reward reductions − overpayment repayment + bonuses</Trans>
          ) : (
            <Trans>Payout = completed tasks − reward reductions − overpayment repayment</Trans>
          )}
        </p>
        <p className="next-payout__formula-figures">
          {hasBonuses ? `${tasks} − ${reductions} − ${repayment} + ${bonuses} = ${total}` : `${tasks} − ${reductions} − ${repayment} = ${total}`}
        </p>
      </footer>
    </section>
  );
}
