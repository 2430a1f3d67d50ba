/**
 * /staff/money/:country/:week: one market week's payouts — each tasker with their bank account,
 * totals and (opened) the lines that make the total; pending ones can be marked paid (the selected,
 * or all of the week) after a confirmation; the week is exported as CSV, and as a SEPA credit
 * transfer file for a EUR market; an adjustment (a reduction, or an overpayment to recover) is
 * recorded for a tasker, its amount typed as an exact decimal and kept as a draft until sent.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { markPaid, payoutWeeks, recordAdjustment, runPayouts, weekPayouts } from '#contracts/api/money';
import type { AnswerOf } from '#contracts/api/client';
import { formatMoney, parseAmount, type MoneyLike } from '#domain/money';
import type { PayoutLineKind } from '#domain/payouts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { staffCall, useStaffQuery } from '../api';
import { useDraft } from '../drafts';
import { downloadExport } from './download';
import {
  adjustmentBody,
  adjustmentErrors,
  emptyAdjustment,
  payableSelection,
  weekSunday,
  type AdjustmentError,
  type AdjustmentForm,
  type ExportFormat,
} from './moneyForms';
import { failureText } from './WeeksScreen';
import './money.css';

type Payout = AnswerOf<typeof weekPayouts>['data'][number];

function useLineWords(): Record<PayoutLineKind, string> {
  const { t } = useLingui();
  return {
    task: t`Task`,
    task_reduction: t`Task reduction`,
    reduction: t`Reduction`,
    repayment: t`Overpayment repaid`,
    mission_bonus: t`Mission bonus`,
    referral_bonus: t`Referral bonus`,
  };
}

function useAdjustmentErrorWords(): Record<AdjustmentError, string> {
  const { t } = useLingui();
  return { REQUIRED: t`Required`, INVALID: t`Not valid`, TOO_LONG: t`Too long` };
}

const SUBTRACTED: ReadonlySet<PayoutLineKind> = new Set(['task_reduction', 'reduction', 'repayment']);

export default function WeekScreen() {
  const { t, i18n } = useLingui();
  const lineWords = useLineWords();
  const errorWords = useAdjustmentErrorWords();
  const { country = '', week = '' } = useParams();
  const payouts = useStaffQuery(weekPayouts, { query: { country, week } });
  // Whether the week is over in its market (the server's word): a week still running cannot be run.
  const weeks = useStaffQuery(payoutWeeks, { query: { country } });
  const notOver = weeks.data?.data.find((w) => w.weekStart === week)?.over === false;
  const [exporting, setExporting] = useState(false);
  const rows = useMemo(() => payouts.data?.data ?? [], [payouts.data]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<null | { kind: 'selected'; ids: string[] } | { kind: 'all' } | { kind: 'run' }>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft, clearDraft] = useDraft<AdjustmentForm>(`money:adjustment:${country}`, emptyAdjustment());
  const [touched, setTouched] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [adjustFailure, setAdjustFailure] = useState<string | null>(null);

  const money = (m: MoneyLike) => formatMoney(m, i18n.locale);
  const day = (key: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${key}T12:00:00Z`));
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const pending = rows.filter((r) => r.status === 'pending');
  const chosen = payableSelection(rows, selected);
  const currency = rows[0]?.total.currencyCode ?? (country === 'LT' ? 'EUR' : null);
  const sum = (list: Payout[]) => (list[0] ? formatMoney({ amount: list.reduce((n, p) => n + parseAmount(p.total.amount), 0n), currencyCode: list[0].total.currencyCode, currencySymbol: list[0].total.currencySymbol }, i18n.locale) : '—');
  const errors = adjustmentErrors(draft);
  const shownErrors = touched ? errors : {};

  const toggle = (set: Set<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };

  const act = async () => {
    if (!confirm) return;
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      if (confirm.kind === 'run') {
        const answer = await staffCall(runPayouts, { body: { country, week } });
        const result = answer.data[0];
        setNotice(result?.alreadyRun ? t`The week had been run already; nothing was paid now.` : t`The week is run: ${result?.created ?? 0} payouts.`);
      } else {
        const answer = await staffCall(markPaid, { body: confirm.kind === 'all' ? { country, week } : { ids: confirm.ids } });
        setNotice(t`${answer.paid.length} payouts marked paid.`);
        setSelected(new Set());
      }
      setConfirm(null);
      payouts.reload();
    } catch (error) {
      setFailure(failureText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const download = async (format: ExportFormat) => {
    if (exporting) return;
    setFailure(null);
    setExporting(true);
    try {
      await downloadExport(format, country, week);
    } catch (error) {
      setFailure(failureText(error, t));
    } finally {
      setExporting(false);
    }
  };

  const submitAdjustment = async () => {
    setTouched(true);
    setAdjustFailure(null);
    if (Object.keys(errors).length > 0) return;
    setAdjusting(true);
    try {
      const saved = await staffCall(recordAdjustment, { body: adjustmentBody(draft) });
      clearDraft();
      setTouched(false);
      setNotice(t`Adjustment recorded: ${money(saved.amount)} (${saved.kind === 'reduction' ? t`reduction` : t`overpayment`}). It is taken from the tasker's next payouts.`);
    } catch (error) {
      setAdjustFailure(failureText(error, t));
    } finally {
      setAdjusting(false);
    }
  };

  const runInfo = payouts.data?.run;

  return (
    <div className="money-page">
      <p>
        <Link to={`/staff/money?country=${encodeURIComponent(country)}`}>
          ← <Trans>All weeks</Trans>
        </Link>
      </p>
      <div className="money-head">
        <h1>
          <Trans>
            {country}: week of {day(week)} – {day(weekSunday(week))}
          </Trans>
        </h1>
        <div className="money-actions">
          {payouts.data && !runInfo && !notOver && (
            <button type="button" className="btn btn-secondary" onClick={() => setConfirm({ kind: 'run' })}>
              <Trans>Run the week</Trans>
            </button>
          )}
          {payouts.data && !runInfo && notOver && (
            <span className="muted">
              <Trans>The week is not over yet: it can be run once it ends.</Trans>
            </span>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => void download('csv')} disabled={rows.length === 0 || exporting}>
            <Trans>Export CSV</Trans>
          </button>
          {currency === 'EUR' && (
            <button type="button" className="btn btn-secondary" onClick={() => void download('xml')} disabled={pending.length === 0 || exporting}>
              <Trans>Export SEPA XML</Trans>
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => setConfirm({ kind: 'selected', ids: chosen })} disabled={chosen.length === 0}>
            <Trans>Mark selected paid ({chosen.length})</Trans>
          </button>
          <button type="button" className="btn" onClick={() => setConfirm({ kind: 'all' })} disabled={pending.length === 0}>
            <Trans>Mark all paid</Trans>
          </button>
        </div>
      </div>

      {notice && (
        <p className="alert alert-info" role="status">
          {notice}
        </p>
      )}
      {failure && !confirm && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}

      {payouts.error ? (
        <div className="alert alert-error" role="alert">
          <p>{failureText(payouts.error, t)}</p>
          <button type="button" className="btn btn-secondary" onClick={payouts.reload}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : payouts.loading && !payouts.data ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          <div className="money-summary">
            <div className="card">
              <span className="muted">
                <Trans>Run</Trans>
              </span>
              <span className="money-summary__value">{runInfo ? when(runInfo.finishedAt) : t`Not run`}</span>
            </div>
            <div className="card">
              <span className="muted">
                <Trans>Payouts</Trans>
              </span>
              <span className="money-summary__value">{rows.length}</span>
            </div>
            <div className="card">
              <span className="muted">
                <Trans>Pending</Trans>
              </span>
              <span className="money-summary__value">
                {pending.length} · {sum(pending)}
              </span>
            </div>
            <div className="card">
              <span className="muted">
                <Trans>Total</Trans>
              </span>
              <span className="money-summary__value">{sum(rows)}</span>
            </div>
          </div>

          {rows.length === 0 ? (
            <p className="muted">{runInfo ? <Trans>The week was run and nobody had anything to be paid.</Trans> : <Trans>No payouts yet: the week has not been run.</Trans>}</p>
          ) : (
            <div className="money-table-wrap">
              <table className="money-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label={t`Select every pending payout`}
                        checked={pending.length > 0 && chosen.length === pending.length}
                        onChange={(e) => setSelected(e.target.checked ? new Set(pending.map((p) => p.id)) : new Set())}
                        disabled={pending.length === 0}
                      />
                    </th>
                    <th scope="col">
                      <Trans>Tasker</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Bank account</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Tasks</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Rewards</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Deductions</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Bonuses</Trans>
                    </th>
                    <th scope="col" className="num">
                      <Trans>Total</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Status</Trans>
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">
                        <Trans>Actions</Trans>
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((p) => {
                    const name = [p.user.firstName, p.user.lastName].filter(Boolean).join(' ');
                    const isOpen = open.has(p.id);
                    return (
                      <Fragment key={p.id}>
                        <tr className={selected.has(p.id) ? 'is-selected' : undefined}>
                          <td>
                            {p.status === 'pending' && (
                              <input type="checkbox" aria-label={t`Select ${p.user.email}`} checked={selected.has(p.id)} onChange={() => setSelected((s) => toggle(s, p.id))} />
                            )}
                          </td>
                          <td>
                            {name || p.user.email}
                            {name && <div className="field-hint">{p.user.email}</div>}
                          </td>
                          <td className="money-iban">{p.user.iban ?? <span className="muted">{t`No IBAN`}</span>}</td>
                          <td className="num">{p.tasksCount}</td>
                          <td className="num">{money(p.taskReward)}</td>
                          <td className="num">{money({ ...p.paidTasksDeductions, amount: parseAmount(p.paidTasksDeductions.amount) + parseAmount(p.unpaidTasksDeductions.amount) })}</td>
                          <td className="num">{money(p.bonuses)}</td>
                          <td className="num">
                            <strong>{money(p.total)}</strong>
                          </td>
                          <td>
                            <span className={`money-state money-state--${p.status}`}>{p.status === 'paid' ? t`Paid` : t`Pending`}</span>
                            {p.paidAt && <div className="field-hint">{when(p.paidAt)}</div>}
                          </td>
                          <td>
                            <div className="money-actions">
                              <button type="button" className="btn btn-text" aria-expanded={isOpen} onClick={() => setOpen((s) => toggle(s, p.id))}>
                                {isOpen ? t`Hide lines` : t`Lines (${p.lines.length})`}
                              </button>
                              <button type="button" className="btn btn-text" onClick={() => setDraft({ ...draft, user: p.user.email })}>
                                <Trans>Adjust</Trans>
                              </button>
                            </div>
                          </td>
                        </tr>
                        {isOpen && (
                          <tr className="money-lines">
                            <td />
                            <td colSpan={9}>
                              {p.lines.length === 0 ? (
                                <span className="muted">
                                  <Trans>No lines.</Trans>
                                </span>
                              ) : (
                                <ul className="money-lines__list">
                                  {p.lines.map((line, i) => (
                                    <li key={`${line.kind}-${line.taskId ?? line.missionId ?? i}-${i}`} style={{ display: 'contents' }}>
                                      <span>{lineWords[line.kind]}</span>
                                      <span>
                                        {line.title ?? line.reason ?? ''}
                                        {line.reason && line.title ? ` — ${line.reason}` : ''} <span className="muted">{when(line.occurredAt)}</span>
                                      </span>
                                      <span className="num">
                                        {SUBTRACTED.has(line.kind) ? '−' : ''}
                                        {money(line.amount)}
                                      </span>
                                    </li>
                                  ))}
                                </ul>
                              )}
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}

      <section className="card" aria-labelledby="money-adjust-title">
        <h2 id="money-adjust-title">
          <Trans>Add an adjustment</Trans>
        </h2>
        <p className="field-hint">
          <Trans>A reduction or an overpayment to recover is taken from the tasker's next payouts (at most the market's deduction rate of each).</Trans>
        </p>
        <form
          className="money-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submitAdjustment();
          }}
        >
          <div className="field">
            <label htmlFor="adj-user">
              <Trans>Tasker (e-mail or id)</Trans>
            </label>
            <input id="adj-user" value={draft.user} onChange={(e) => setDraft({ ...draft, user: e.target.value })} aria-invalid={Boolean(shownErrors.user)} aria-describedby="adj-user-error" />
            {shownErrors.user && (
              <span id="adj-user-error" className="field-error">
                {errorWords[shownErrors.user]}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor="adj-kind">
              <Trans>Kind</Trans>
            </label>
            <select id="adj-kind" value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value === 'overpayment' ? 'overpayment' : 'reduction' })}>
              <option value="reduction">{t`Reduction`}</option>
              <option value="overpayment">{t`Overpayment`}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="adj-amount">
              <Trans>Amount</Trans>
            </label>
            <input
              id="adj-amount"
              inputMode="decimal"
              placeholder="0.00"
              value={draft.amount}
              onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
              aria-invalid={Boolean(shownErrors.amount)}
              aria-describedby="adj-amount-error"
            />
            {shownErrors.amount && (
              <span id="adj-amount-error" className="field-error">
                {errorWords[shownErrors.amount]}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor="adj-reason">
              <Trans>Reason</Trans>
            </label>
            <input id="adj-reason" value={draft.reason} maxLength={500} onChange={(e) => setDraft({ ...draft, reason: e.target.value })} aria-invalid={Boolean(shownErrors.reason)} aria-describedby="adj-reason-error" />
            {shownErrors.reason && (
              <span id="adj-reason-error" className="field-error">
                {errorWords[shownErrors.reason]}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor="adj-task">
              <Trans>Task id (optional)</Trans>
            </label>
            <input id="adj-task" value={draft.taskId} onChange={(e) => setDraft({ ...draft, taskId: e.target.value })} />
          </div>
          <div className="field">
            <button type="submit" className="btn" disabled={adjusting}>
              <Trans>Record</Trans>
            </button>
          </div>
        </form>
        {adjustFailure && (
          <p className="alert alert-error" role="alert">
            {adjustFailure}
          </p>
        )}
      </section>

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'run' ? <Trans>Run the week?</Trans> : <Trans>Mark payouts paid?</Trans>}
        tone="primary"
        busy={busy}
        confirmLabel={confirm?.kind === 'run' ? <Trans>Run the week</Trans> : <Trans>Mark paid</Trans>}
        onConfirm={() => void act()}
        onClose={() => setConfirm(null)}
      >
        <p>
          {confirm?.kind === 'run' ? (
            <Trans>Payouts are recorded for every tasker of {country} with work in this week. A week runs once.</Trans>
          ) : confirm?.kind === 'all' ? (
            <Trans>
              All {pending.length} pending payouts of this week ({sum(pending)}) are marked paid, and each tasker is told.
            </Trans>
          ) : (
            <Trans>
              The {chosen.length} selected payouts ({sum(rows.filter((r) => chosen.includes(r.id)))}) are marked paid, and each tasker is told.
            </Trans>
          )}
        </p>
        {failure && (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
