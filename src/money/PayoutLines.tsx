/** The lines of a payout (tasks, reductions, bonuses…), each with its title, date and signed amount. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { lineSign, type PayoutLine, type PayoutLineKind } from '#domain/payouts';
import { formatMoney, negated } from './format';

function useLineLabel(): (line: PayoutLine) => ReactNode {
  const { t } = useLingui();
  const labels: Record<PayoutLineKind, string> = {
    task: t`Task`,
    task_reduction: t`Reward reduction`,
    reduction: t`Reduction`,
    repayment: t`Overpayment repayment`,
    mission_bonus: t`Mission bonus`,
    referral_bonus: t`Referral bonus`,
  };
  return (line) => {
    if (line.kind === 'referral_bonus' && line.title) {
      const name = line.title;
      return t`Referral bonus: ${name}`;
    }
    return line.title ?? labels[line.kind];
  };
}

export function PayoutLines({ lines }: { lines: readonly PayoutLine[] }) {
  const { i18n } = useLingui();
  const label = useLineLabel();
  if (lines.length === 0) {
    return (
      <p className="payout-lines__empty muted">
        <Trans>Nothing here yet.</Trans>
      </p>
    );
  }
  const day = new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'short' });
  return (
    <ul className="payout-lines">
      {lines.map((line, i) => {
        const signed = lineSign(line.kind) < 0 ? negated(line.amount) : line.amount;
        return (
          <li key={`${line.kind}:${line.taskId ?? line.missionId ?? ''}:${line.occurredAt}:${i}`} className="payout-line">
            <span className="payout-line__what">
              <span className="payout-line__title">{label(line)}</span>
              <span className="payout-line__meta muted">
                {day.format(new Date(line.occurredAt))}
                {line.reason ? ` · ${line.reason}` : ''}
              </span>
            </span>
            <span className={lineSign(line.kind) < 0 ? 'payout-line__amount is-negative' : 'payout-line__amount'}>{formatMoney(signed, i18n.locale, { sign: 'always' })}</span>
          </li>
        );
      })}
    </ul>
  );
}
