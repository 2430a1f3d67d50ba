/**
 * /staff/review: tasks awaiting confirmation, oldest finished first, filtered by market, retailer,
 * store, task type and late delivery (the filters live in the URL, so the review screen walks the
 * same queue and back returns to it). The retailer, store and task type choices come from the
 * queue itself (what is waiting in the chosen market). A row opens the review.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { reviewQueue } from '#contracts/api/staffReview';
import type { AnswerOf } from '#contracts/api/client';
import { formatMoney } from '#domain/money';
import { staffCall, useStaffQuery } from '../api';
import { memberMarkets } from '../session';
import { Failure } from './Failure';
import { DecidedLine, type DecidedNote } from './DecidedLine';
import { filtersFromSearch, filtersToQuery, filtersToSearch, formatWhen, hoursBetween, type QueueFilters } from './format';
import './review.css';

type QueueItem = AnswerOf<typeof reviewQueue>['data'][number];

const PAGE = 50;

function distinct<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

export default function QueueScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const saved = (useLocation().state as { decided?: DecidedNote } | null)?.decided ?? null;
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const searchText = filtersToSearch(filters).toString();

  const first = useStaffQuery(reviewQueue, { query: filtersToQuery(filters, { limit: String(PAGE) }) });
  // The choices of the retailer, store and task type filters: what waits in the chosen market.
  const facets = useStaffQuery(reviewQueue, { query: filtersToQuery({ ...filters, retailerId: '', placeId: '', taskTypeId: '', late: '' }, { limit: '200' }) });
  // Further pages belong to the filters they were loaded with; other filters start from page one.
  const [pages, setPages] = useState<{ filters: string; rows: QueueItem[]; cursor: string | null; error: unknown } | null>(null);
  const more = pages && pages.filters === searchText ? pages : null;
  const moreError = more?.error ?? null;
  const [loadingMore, setLoadingMore] = useState(false);

  const rows = useMemo(() => [...(first.data?.data ?? []), ...(more?.rows ?? [])], [first.data, more]);
  const cursor = more ? more.cursor : (first.data?.nextCursor ?? null);
  const options = facets.data?.data ?? [];
  const retailers = distinct(options, (o) => o.place.retailer.id).map((o) => o.place.retailer);
  const places = distinct(
    options.filter((o) => !filters.retailerId || o.place.retailer.id === filters.retailerId),
    (o) => o.place.id,
  ).map((o) => o.place);
  const taskTypes = distinct(options, (o) => o.taskType.id).map((o) => o.taskType);

  const setFilter = (change: Partial<QueueFilters>) => {
    const next = { ...filters, ...change };
    if (change.retailerId !== undefined && change.placeId === undefined) next.placeId = '';
    setSearch(filtersToSearch(next), { replace: true });
  };

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    const key = searchText;
    const loaded = more?.rows ?? [];
    try {
      const page = await staffCall(reviewQueue, { query: filtersToQuery(filters, { limit: String(PAGE), cursor }) });
      setPages({ filters: key, rows: [...loaded, ...page.data], cursor: page.nextCursor, error: null });
    } catch (e) {
      setPages({ filters: key, rows: loaded, cursor, error: e });
    } finally {
      setLoadingMore(false);
    }
  };

  // A member limited to some markets is offered those only (the server refuses the others).
  const markets = memberMarkets();

  const open = (id: string) => navigate(`/staff/review/${encodeURIComponent(id)}${searchText ? `?${searchText}` : ''}`);
  const now = new Date();

  return (
    <div className="review-page">
      <div className="review-head">
        <h1>
          <Trans>Review queue</Trans>
          {first.data && <span className="review-count">{first.data.total}</span>}
        </h1>
        <button type="button" className="btn btn-secondary" onClick={() => { setPages(null); first.reload(); facets.reload(); }} disabled={first.loading}>
          <Trans>Refresh</Trans>
        </button>
      </div>

      {saved && <DecidedLine note={saved} />}
      <form className="review-filters card" onSubmit={(e) => e.preventDefault()} aria-label={t`Filters`}>
        <div className="field">
          <label htmlFor="rq-country">
            <Trans>Market</Trans>
          </label>
          <select id="rq-country" value={filters.country} onChange={(e) => setFilter({ country: e.target.value, retailerId: '', placeId: '' })}>
            <option value="">{t`All my markets`}</option>
            {markets.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rq-retailer">
            <Trans>Retailer</Trans>
          </label>
          <select id="rq-retailer" value={filters.retailerId} onChange={(e) => setFilter({ retailerId: e.target.value })}>
            <option value="">{t`All retailers`}</option>
            {retailers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rq-place">
            <Trans>Store</Trans>
          </label>
          <select id="rq-place" value={filters.placeId} onChange={(e) => setFilter({ placeId: e.target.value })}>
            <option value="">{t`All stores`}</option>
            {places.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}, {p.city}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rq-type">
            <Trans>Task type</Trans>
          </label>
          <select id="rq-type" value={filters.taskTypeId} onChange={(e) => setFilter({ taskTypeId: e.target.value })}>
            <option value="">{t`All task types`}</option>
            {taskTypes.map((tt) => (
              <option key={tt.id} value={tt.id}>
                {tt.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rq-late">
            <Trans>Delivery</Trans>
          </label>
          <select id="rq-late" value={filters.late} onChange={(e) => setFilter({ late: e.target.value as QueueFilters['late'] })}>
            <option value="">{t`Any`}</option>
            <option value="true">{t`Late only`}</option>
            <option value="false">{t`On time only`}</option>
          </select>
        </div>
        {searchText && (
          <button type="button" className="btn btn-text" onClick={() => setSearch(new URLSearchParams(), { replace: true })}>
            <Trans>Clear filters</Trans>
          </button>
        )}
      </form>

      {first.loading && !first.data ? (
        <p className="review-state" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : first.error ? (
        <Failure error={first.error} onRetry={first.reload} />
      ) : rows.length === 0 ? (
        <p className="review-state card">
          {searchText ? <Trans>No task waiting for review matches these filters.</Trans> : <Trans>Nothing to review: no task is waiting for confirmation.</Trans>}
        </p>
      ) : (
        <div className="review-table-wrap">
          <table className="review-table review-table--queue">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Finished</Trans>
                </th>
                <th scope="col">
                  <Trans>Task</Trans>
                </th>
                <th scope="col">
                  <Trans>Store</Trans>
                </th>
                <th scope="col">
                  <Trans>Tasker</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Photos</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Scans</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Defects</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Reward</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const waited = row.finishedAt ? hoursBetween(row.finishedAt, now) : null;
                return (
                  <tr key={row.id} className="is-clickable" onClick={() => open(row.id)}>
                    <td>
                      <div>{formatWhen(row.finishedAt, i18n.locale, row.country)}</div>
                      <div className="review-row-badges">
                        {row.late && (
                          <span className="review-badge review-badge--late">
                            <Trans>Late</Trans>
                          </span>
                        )}
                        {waited !== null && waited >= 24 && (
                          <span className="muted">
                            <Trans>waiting {Math.floor(waited / 24)} d</Trans>
                          </span>
                        )}
                      </div>
                    </td>
                    <td>
                      <Link to={`/staff/review/${encodeURIComponent(row.id)}${searchText ? `?${searchText}` : ''}`} onClick={(e) => e.stopPropagation()}>
                        {row.title}
                      </Link>
                      <div className="muted">{row.taskType.title}</div>
                    </td>
                    <td>
                      <div>
                        {row.place.title}, {row.place.city}
                      </div>
                      <div className="muted">
                        {row.place.retailer.name} · {row.country}
                      </div>
                    </td>
                    <td>{row.tasker?.name ?? '—'}</td>
                    <td className="num">{row.counts.photos}</td>
                    <td className="num">{row.counts.scans}</td>
                    <td className="num">{row.counts.defects}</td>
                    <td className="num">{formatMoney({ amount: row.reward, currencyCode: row.currencyCode }, i18n.locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {moreError ? <Failure error={moreError} onRetry={loadMore} /> : null}
      {cursor && !first.error && (
        <button type="button" className="btn btn-secondary review-more" onClick={loadMore} disabled={loadingMore}>
          {loadingMore ? <Trans>Loading…</Trans> : <Trans>Show more</Trans>}
        </button>
      )}
    </div>
  );
}
