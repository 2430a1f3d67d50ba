/**
 * /staff/tasks: the tasks authors manage, filtered by market, status, place, type and a search
 * (the filters live in the address, so a filtered list can be shared and survives going back),
 * paged by the server's cursor. Each row can be published or unpublished in place and opened for
 * editing; New and Import CSV start from here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { listTaskTypes, listTasks, publishTask, unpublishTask } from '#contracts/api/authoring';
import type { AnswerOf } from '#contracts/api/client';
import { formatMoney } from '#domain/money';
import { TASK_STATUSES, type TaskStatus } from '#domain/types';
import { StaffApiError, staffCall, useStaffQuery } from '../api';
import { getSession } from '../session';
import { LoadFailure, Loading } from './LoadState';
import { MARKETS, MARKET_TIME_ZONE, isMarket } from './markets';
import './authoring.css';

type TaskRow = AnswerOf<typeof listTasks>['data'][number];

function useStatusNames(): Record<TaskStatus, string> {
  const { t } = useLingui();
  return {
    available: t`Available`,
    reserved: t`Reserved`,
    in_progress: t`In progress`,
    awaiting_confirmation: t`Awaiting confirmation`,
    accepted: t`Accepted`,
    rejected: t`Rejected`,
    expired: t`Expired`,
  };
}

export default function TasksScreen() {
  const { t, i18n } = useLingui();
  const statusNames = useStatusNames();
  // Reviewers read this list too; only authors (and the automation key) change tasks.
  const canAuthor = getSession()?.staff.roles.includes('author') ?? false;
  const [params, setParams] = useSearchParams();
  const country = params.get('country') ?? '';
  const status = params.get('status') ?? '';
  const taskTypeId = params.get('taskTypeId') ?? '';
  const placeId = params.get('placeId') ?? '';
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [pages, setPages] = useState<TaskRow[]>([]);
  const [rowState, setRowState] = useState<Record<string, { busy?: boolean; error?: string; published?: boolean }>>({});

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
    setCursor(undefined);
    setPages([]);
  };

  // The search box writes the address after typing pauses, not on every key.
  useEffect(() => {
    if (search === q) return;
    const timer = setTimeout(() => setFilter('q', search.trim()), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setFilter changes with params; the pause is keyed on the typed text
  }, [search]);

  const types = useStaffQuery(listTaskTypes, {});
  const page = useStaffQuery(listTasks, {
    query: { country: country || undefined, status: status || undefined, taskTypeId: taskTypeId || undefined, placeId: placeId || undefined, q: q || undefined, cursor },
  });
  const rows = cursor === undefined ? (page.data?.data ?? []) : [...pages, ...(page.data?.data ?? [])];
  const nextCursor = page.data?.nextCursor ?? null;

  const togglePublished = async (row: TaskRow, publish: boolean) => {
    setRowState((s) => ({ ...s, [row.id]: { busy: true } }));
    try {
      await staffCall(publish ? publishTask : unpublishTask, { params: { id: row.id } });
      setRowState((s) => ({ ...s, [row.id]: { published: publish } }));
    } catch (e) {
      const error = e instanceof StaffApiError ? (e.code === 'NETWORK' ? t`The server cannot be reached.` : e.message) : t`Something went wrong.`;
      setRowState((s) => ({ ...s, [row.id]: { error } }));
    }
  };

  return (
    <div className="authoring-page">
      <div className="authoring-head">
        <h1>
          <Trans>Tasks</Trans>
        </h1>
        {canAuthor && (
          <div className="authoring-actions">
            <Link className="btn btn-secondary" to="/staff/tasks/import">
              <Trans>Import CSV</Trans>
            </Link>
            <Link className="btn" to="/staff/tasks/new">
              <Trans>New task</Trans>
            </Link>
          </div>
        )}
      </div>

      <div className="authoring-filters" role="search">
        <div className="field">
          <label htmlFor="tasks-q">
            <Trans>Search</Trans>
          </label>
          <input id="tasks-q" type="search" value={search} placeholder={t`Title or place`} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="tasks-market">
            <Trans>Market</Trans>
          </label>
          <select id="tasks-market" value={country} onChange={(e) => setFilter('country', e.target.value)}>
            <option value="">{t`All markets`}</option>
            {MARKETS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tasks-status">
            <Trans>Status</Trans>
          </label>
          <select id="tasks-status" value={status} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">{t`All statuses`}</option>
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusNames[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tasks-type">
            <Trans>Task type</Trans>
          </label>
          <select id="tasks-type" value={taskTypeId} onChange={(e) => setFilter('taskTypeId', e.target.value)}>
            <option value="">{t`All types`}</option>
            {(types.data?.data ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {x.title}
              </option>
            ))}
          </select>
        </div>
        {placeId !== '' && (
          <div className="field">
            <span className="field-hint">
              <Trans>One store</Trans>
            </span>
            <button type="button" className="chip is-active" onClick={() => setFilter('placeId', '')} aria-label={t`Show every store`}>
              {placeId} ×
            </button>
          </div>
        )}
      </div>

      {page.error ? (
        <LoadFailure error={page.error} onRetry={page.reload} />
      ) : page.loading && rows.length === 0 ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="muted">
          <Trans>No tasks match these filters.</Trans>
        </p>
      ) : (
        <div className="authoring-table-wrap">
          <table className="authoring-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Task</Trans>
                </th>
                <th scope="col">
                  <Trans>Store</Trans>
                </th>
                <th scope="col">
                  <Trans>Market</Trans>
                </th>
                <th scope="col">
                  <Trans>Window (store time)</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Reward</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Products</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Published</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const state = rowState[row.id] ?? {};
                const published = state.published ?? row.published;
                const market = isMarket(row.countryCode) ? row.countryCode : null;
                const zone = market ? MARKET_TIME_ZONE[market] : undefined;
                const windowLabel = windowText(row.timeWindowStart, row.timeWindowEnd, i18n.locale, zone);
                return (
                  <tr key={row.id}>
                    <td>
                      <Link to={`/staff/tasks/${encodeURIComponent(row.id)}`}>{row.title}</Link>
                      <div className="muted">{row.taskTypeTitle}</div>
                    </td>
                    <td>
                      <button type="button" className="authoring-linkbtn" onClick={() => setFilter('placeId', row.placeId)} title={t`Only this store`}>
                        {row.placeTitle}
                      </button>
                      <div className="muted">{row.placeCity}</div>
                    </td>
                    <td>{row.countryCode}</td>
                    <td>
                      {windowLabel}
                    </td>
                    <td className="num">
                      {formatMoney(row.reward, i18n.locale)}
                      {row.bonusReward && row.bonusReward.amount !== '0.00' ? <div className="muted">+ {formatMoney(row.bonusReward, i18n.locale)}</div> : null}
                    </td>
                    <td className="num">{row.productCount}</td>
                    <td>{(TASK_STATUSES as readonly string[]).includes(row.status) ? statusNames[row.status as TaskStatus] : row.status}</td>
                    <td>
                      <div>{published ? <Trans>Yes</Trans> : <Trans>No</Trans>}</div>
                      {canAuthor && (!row.reserved || !published) && (
                        <button type="button" className="btn btn-secondary authoring-smallbtn" disabled={state.busy} onClick={() => void togglePublished(row, !published)}>
                          {published ? <Trans>Unpublish</Trans> : <Trans>Publish</Trans>}
                        </button>
                      )}
                      {state.error && (
                        <span className="field-error" role="alert">
                          {state.error}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor && !page.loading && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setPages(rows);
            setCursor(nextCursor);
          }}
        >
          <Trans>Show more</Trans>
        </button>
      )}
    </div>
  );
}

/** A window in the store's time: "Dec 9, 2026, 8:00 AM – 1:00 PM" on one day, both dates otherwise. */
function windowText(startIso: string, endIso: string, locale: string, timeZone: string | undefined): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  if (day.format(start) !== day.format(end)) return `${full.format(start)} – ${full.format(end)}`;
  return `${full.format(start)} – ${new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(end)}`;
}
