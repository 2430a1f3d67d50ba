/**
 * Tasker search (onboarding, finance, support): by name, e-mail or phone, status and market, newest
 * first, of the member's markets only (the server limits it). The filters live in the URL; more
 * rows load page by page. A row opens the tasker's profile.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { listUsers } from '#contracts/api/staff';
import type { AnswerOf } from '#contracts/api/client';
import type { UserStatus } from '#domain/types';
import { staffCall, useStaffQuery } from '../api';
import { useErrorText } from '../errors';
import { memberMarkets } from '../session';
import { Empty, LoadError, Loading } from '../ui/States';
import { STATUS_LABELS, USER_STATUSES, taskerName } from './labels';
import './taskers.css';

type Tasker = AnswerOf<typeof listUsers>['data'][number];
const PAGE = 50;

function Filters({ q, status, country, onApply }: { q: string; status: string; country: string; onApply: (next: { q: string; status: string; country: string }) => void }) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState({ q, status, country });
  const countries = memberMarkets();
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }
  return (
    <form className="console-filters" onSubmit={submit} role="search" aria-label={t`Search taskers`}>
      <div className="field taskers-search">
        <label htmlFor="taskers-q">
          <Trans>Name, e-mail or phone</Trans>
        </label>
        <input id="taskers-q" type="search" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="taskers-status">
          <Trans>Status</Trans>
        </label>
        <select id="taskers-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
          <option value="">{t`Any`}</option>
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {i18n._(STATUS_LABELS[s])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="taskers-country">
          <Trans>Market</Trans>
        </label>
        <select id="taskers-country" value={draft.country} onChange={(e) => setDraft({ ...draft, country: e.target.value })}>
          <option value="">{t`All`}</option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        <Trans>Search</Trans>
      </button>
    </form>
  );
}

export default function TaskersScreen() {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const country = params.get('country') ?? '';
  const query = { q: q.trim() || undefined, status: status || undefined, country: country || undefined, limit: String(PAGE) };
  const key = JSON.stringify(query);
  const first = useStaffQuery(listUsers, { query });
  const [more, setMore] = useState<{ key: string; rows: Tasker[]; nextOffset: number | null }>({ key: '', rows: [], nextOffset: null });
  const [moreError, setMoreError] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const extra = more.key === key ? more : null;
  const rows = [...(first.data?.data ?? []), ...(extra?.rows ?? [])];
  const nextOffset = extra ? extra.nextOffset : (first.data?.nextOffset ?? null);

  function apply(next: { q: string; status: string; country: string }) {
    const search = new URLSearchParams();
    if (next.q.trim()) search.set('q', next.q.trim());
    if (next.status) search.set('status', next.status);
    if (next.country) search.set('country', next.country);
    setParams(search);
  }

  async function loadMore() {
    if (nextOffset === null) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await staffCall(listUsers, { query: { ...query, offset: String(nextOffset) } });
      setMore({ key, rows: [...(extra?.rows ?? []), ...page.data], nextOffset: page.nextOffset });
    } catch (e) {
      setMoreError(e);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="taskers">
      <div className="console-head">
        <h1>
          <Trans>Taskers</Trans>
        </h1>
        {first.data ? (
          <span className="muted">
            <Trans>{first.data.total} found</Trans>
          </span>
        ) : null}
      </div>
      <Filters key={key} q={q} status={status} country={country} onApply={apply} />
      {first.loading && !first.data ? (
        <Loading />
      ) : first.error && !first.data ? (
        <LoadError error={first.error} retry={first.reload} />
      ) : rows.length === 0 ? (
        <Empty>
          <Trans>No taskers match.</Trans>
        </Empty>
      ) : (
        <>
          <table className="console-table">
            <thead>
              <tr>
                <th>
                  <Trans>Tasker</Trans>
                </th>
                <th>
                  <Trans>Phone</Trans>
                </th>
                <th>
                  <Trans>Market</Trans>
                </th>
                <th>
                  <Trans>Status</Trans>
                </th>
                <th className="num">
                  <Trans>Tasks</Trans>
                </th>
                <th>
                  <Trans>Joined</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user.id}>
                  <td>
                    <Link to={`/staff/taskers/${encodeURIComponent(user.id)}`}>{taskerName(user)}</Link>
                    <div className="muted">{user.email}</div>
                  </td>
                  <td>{user.phone ?? '—'}</td>
                  <td>{user.countryCode ?? '—'}</td>
                  <td>
                    <span className={`taskers-status taskers-status--${user.status}`}>{i18n._(STATUS_LABELS[user.status as UserStatus])}</span>
                  </td>
                  <td className="num">{user.historicalTaskCount}</td>
                  <td>{i18n.date(user.createdAt, { dateStyle: 'medium' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {moreError ? (
            <p className="alert alert-error" role="alert">
              {errorText(moreError)}
            </p>
          ) : null}
          {nextOffset !== null ? (
            <button type="button" className="btn btn-secondary taskers-more" disabled={loadingMore} onClick={() => void loadMore()}>
              {loadingMore ? t`Loading…` : t`Show more`}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
