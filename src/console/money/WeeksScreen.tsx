/**
 * /staff/money: a market's payout weeks, newest first (the market in the address, ?country=LT; a
 * member limited to some markets chooses among theirs), each with where it stands (running, due,
 * run), its payouts pending and paid and the totals.
 * A due week is run from here after a confirmation; a week opens its payouts (WeekScreen).
 * Money is shown from the server's decimal strings with formatMoney, never through a float.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { payoutWeeks, runPayouts } from '#contracts/api/money';
import type { AnswerOf } from '#contracts/api/client';
import { formatMoney } from '#domain/money';
import { COUNTRY_CODES } from '#domain/types';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { StaffApiError, staffCall, useStaffQuery } from '../api';
import { memberMarkets } from '../session';
import { weekState, weekSunday, type WeekState } from './moneyForms';
import './money.css';

type Week = AnswerOf<typeof payoutWeeks>['data'][number];

export function useWeekStateWords(): Record<WeekState, string> {
  const { t } = useLingui();
  return { open: t`Week not over`, due: t`Due to run`, run: t`Run` };
}

/** A failure in words: the network said plainly, else the server's message. */
export function failureText(error: unknown, t: ReturnType<typeof useLingui>['t']): string {
  if (error instanceof StaffApiError) return error.code === 'NETWORK' ? t`The server cannot be reached. Check the connection and try again.` : error.message;
  return t`Something went wrong.`;
}

export default function WeeksScreen() {
  const { t, i18n } = useLingui();
  const stateWords = useWeekStateWords();
  const [params, setParams] = useSearchParams();
  // A member limited to some markets chooses among those (the server refuses the others).
  const markets: readonly string[] = memberMarkets();
  const asked = params.get('country') ?? '';
  const country = markets.includes(asked) ? asked : (markets[0] ?? COUNTRY_CODES[0]);
  const weeks = useStaffQuery(payoutWeeks, { query: { country } });
  const [confirming, setConfirming] = useState<Week | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const currency = weeks.data ? { currencyCode: weeks.data.currencyCode, currencySymbol: weeks.data.currencySymbol } : null;
  const money = (amount: string) => (currency ? formatMoney({ amount, currencyCode: currency.currencyCode, currencySymbol: currency.currencySymbol }, i18n.locale) : amount);
  const day = (key: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${key}T12:00:00Z`));
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const run = async (week: Week) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const answer = await staffCall(runPayouts, { body: { country, week: week.weekStart } });
      const result = answer.data[0];
      if (result?.alreadyRun) setNotice(t`The week of ${day(week.weekStart)} had been run already; nothing was paid now.`);
      else if (result) setNotice(t`The week of ${day(week.weekStart)} is run: ${result.created} payouts, ${money(result.total)} in all.`);
      setConfirming(null);
      weeks.reload();
    } catch (error) {
      setFailure(failureText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="money-page">
      <div className="money-head">
        <h1>
          <Trans>Payouts</Trans>
        </h1>
        <div className="money-filters">
          <div className="field">
            <label htmlFor="money-market">
              <Trans>Market</Trans>
            </label>
            <select id="money-market" value={country} onChange={(e) => setParams({ country: e.target.value }, { replace: true })}>
              {markets.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      {notice && (
        <p className="alert alert-info" role="status">
          {notice}
        </p>
      )}
      {failure && !confirming && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}

      {weeks.error ? (
        <div className="alert alert-error" role="alert">
          <p>{failureText(weeks.error, t)}</p>
          <button type="button" className="btn btn-secondary" onClick={weeks.reload}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : weeks.loading && !weeks.data ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <div className="money-table-wrap">
          <table className="money-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Week</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Payouts</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Pending</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Paid</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Total</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(weeks.data?.data ?? []).map((week) => {
                const state = weekState(week);
                return (
                  <tr key={week.weekStart}>
                    <td>
                      <Link to={`/staff/money/${country}/${week.weekStart}`}>
                        {day(week.weekStart)} – {day(weekSunday(week.weekStart))}
                      </Link>
                    </td>
                    <td>
                      <span className={`money-state money-state--${state}`}>{stateWords[state]}</span>
                      {week.run && <div className="field-hint">{when(week.run.finishedAt)}</div>}
                    </td>
                    <td className="num">{week.payouts}</td>
                    <td className="num">
                      {week.pending}
                      {week.pending > 0 && <div className="field-hint">{money(week.pendingTotal)}</div>}
                    </td>
                    <td className="num">{week.paid}</td>
                    <td className="num">{money(week.total)}</td>
                    <td>
                      {state === 'due' && (
                        <button type="button" className="btn btn-secondary" onClick={() => {
                            setFailure(null);
                            setConfirming(week);
                          }}>
                          <Trans>Run the week</Trans>
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title={<Trans>Run the week?</Trans>}
        tone="primary"
        busy={busy}
        confirmLabel={<Trans>Run the week</Trans>}
        onConfirm={() => confirming && void run(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming && (
          <p>
            <Trans>
              Payouts are recorded for every tasker of {country} with work in the week of {day(confirming.weekStart)}. A week runs once; work it misses is paid the week after.
            </Trans>
          </p>
        )}
        {failure && (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
