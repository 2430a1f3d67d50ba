/**
 * /staff/support: taskers' support requests, newest first, of the member's markets. The filters
 * (market, open or handled, text) live in the address, so a filtered inbox can be reloaded and
 * shared; "More" loads the next page with the server's cursor. A request opens its thread
 * (RequestScreen).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { listSupportRequests } from '#contracts/api/staffSupport';
import type { AnswerOf } from '#contracts/api/client';
import { COUNTRY_CODES } from '#domain/types';
import { staffCall, useStaffQuery } from '../api';
import { useErrorText } from '../errors';
import { Empty, LoadError, Loading } from '../ui/States';
import { StatusBadge, useWhen } from './words';
import './support.css';

type Page = AnswerOf<typeof listSupportRequests>;
type Row = Page['data'][number];

/** The inbox's filters from the address (unknown values are left out). */
export function inboxQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  const country = params.get('country') ?? '';
  if ((COUNTRY_CODES as readonly string[]).includes(country)) query.country = country;
  const status = params.get('status') ?? 'open';
  if (status === 'open' || status === 'handled') query.status = status;
  const q = params.get('q')?.trim();
  if (q) query.q = q;
  return query;
}

export default function InboxScreen() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const when = useWhen();
  const [params, setParams] = useSearchParams();
  const query = inboxQuery(params);
  const first = useStaffQuery(listSupportRequests, { query });
  const [search, setSearch] = useState(query.q ?? '');
  // Pages loaded after the first, for the first page they follow (other filters or a fresh
  // first page leave them out).
  const [loaded, setLoaded] = useState<{ after: Page | undefined; rows: Row[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailure, setMoreFailure] = useState<{ after: Page | undefined; text: string } | null>(null);
  const more = loaded && loaded.after === first.data ? loaded : null;
  const moreError = moreFailure && moreFailure.after === first.data ? moreFailure.text : null;

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', search.trim());
  };

  const rows = [...(first.data?.data ?? []), ...(more?.rows ?? [])];
  const next = more ? more.next : (first.data?.nextCursor ?? null);

  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    setMoreFailure(null);
    try {
      const page = await staffCall(listSupportRequests, { query: { ...query, cursor: next } });
      setLoaded({ after: first.data, rows: [...(more?.rows ?? []), ...page.data], next: page.nextCursor });
    } catch (error) {
      setMoreFailure({ after: first.data, text: errorText(error) });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="support-page">
      <div className="console-head">
        <h1>
          <Trans>Support inbox</Trans>
        </h1>
      </div>

      <div className="console-filters">
        <div className="field">
          <label htmlFor="support-market">
            <Trans>Market</Trans>
          </label>
          <select id="support-market" value={query.country ?? ''} onChange={(e) => setFilter('country', e.target.value)}>
            <option value="">{t`All my markets`}</option>
            {COUNTRY_CODES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="support-status">
            <Trans>Show</Trans>
          </label>
          <select id="support-status" value={params.get('status') === 'all' ? 'all' : (query.status ?? 'open')} onChange={(e) => setFilter('status', e.target.value === 'open' ? '' : e.target.value)}>
            <option value="open">{t`Open`}</option>
            <option value="handled">{t`Handled`}</option>
            <option value="all">{t`All`}</option>
          </select>
        </div>
        <form className="support-search" role="search" onSubmit={submitSearch}>
          <div className="field">
            <label htmlFor="support-q">
              <Trans>Tasker or message</Trans>
            </label>
            <input id="support-q" type="search" value={search} maxLength={254} onChange={(e) => setSearch(e.target.value)} placeholder={t`Name, e-mail or words`} />
          </div>
          <button type="submit" className="btn btn-secondary">
            <Trans>Search</Trans>
          </button>
        </form>
      </div>

      {first.error ? (
        <LoadError error={first.error} retry={first.reload} />
      ) : first.loading && !first.data ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>{query.status === 'open' && !query.q ? <Trans>No open requests. Nothing waits for an answer.</Trans> : <Trans>No requests match.</Trans>}</Empty>
      ) : (
        <>
          <div className="support-table-wrap">
            <table className="console-table support-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Received</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Tasker</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Market</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Message</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Replies</Trans>
                  </th>
                  <th scope="col">
                    <Trans>State</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className={row.status === 'open' ? 'is-open' : undefined}>
                    <td>
                      <Link to={`/staff/support/${row.id}`}>{when(row.createdAt)}</Link>
                    </td>
                    <td>
                      <div>{row.tasker.name ?? row.tasker.email}</div>
                      {row.tasker.name && <div className="field-hint">{row.tasker.email}</div>}
                    </td>
                    <td>
                      {row.market} <span className="field-hint">{row.locale.toUpperCase()}</span>
                    </td>
                    <td>
                      <div className="support-snippet">{row.body}</div>
                    </td>
                    <td className="num">
                      {row.replies}
                      {row.lastReplyAt && <div className="field-hint">{when(row.lastReplyAt)}</div>}
                    </td>
                    <td>
                      <StatusBadge status={row.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {moreError && (
            <p className="alert alert-error" role="alert">
              {moreError}
            </p>
          )}
          {next && (
            <div className="support-more">
              <button type="button" className="btn btn-secondary" disabled={loadingMore} onClick={() => void loadMore()}>
                {loadingMore ? <Trans>Loading…</Trans> : <Trans>More</Trans>}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
