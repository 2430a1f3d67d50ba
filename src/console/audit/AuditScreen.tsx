/**
 * The audit trail (admin): who did what and when, newest first, filtered by person, action,
 * entity, market and date range (the filters live in the URL, so a view can be shared), with each
 * row's before and after shown as the fields that changed. More rows load page by page.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { listStaffAccounts, staffAudit } from '#contracts/api/staffAccounts';
import type { AnswerOf } from '#contracts/api/client';
import { COUNTRY_CODES } from '#domain/types';
import { staffCall, useStaffQuery } from '../api';
import { useErrorText } from '../errors';
import { Empty, LoadError, Loading } from '../ui/States';
import { auditQuery, FILTER_KEYS, type AuditFilters } from './filters';
import { diffFields, showValue } from './diff';
import './audit.css';

type Entry = AnswerOf<typeof staffAudit>['data'][number];

const PAGE = 50;

/** The console page of an entity the trail names, when it has one. */
function entityPath(entity: string, id: string): string | null {
  const ref = encodeURIComponent(id);
  if (entity === 'user') return `/staff/taskers/${ref}`;
  if (entity === 'task') return `/staff/tasks/${ref}`;
  if (entity === 'task_type') return `/staff/task-types/${ref}`;
  if (entity === 'support_request') return `/staff/support/${ref}`;
  return null;
}

function EntityId({ entity, id }: { entity: string; id: string }) {
  const path = entityPath(entity, id);
  return <div className="muted audit-id">{path ? <Link to={path}>{id}</Link> : id}</div>;
}

function Changes({ entry }: { entry: Entry }) {
  const { t } = useLingui();
  const changes = diffFields(entry.before, entry.after);
  if (changes.length === 0) {
    return <span className="muted">{entry.before === null && entry.after === null ? t`No data` : t`No field changed`}</span>;
  }
  return (
    <table className="audit-diff">
      <thead>
        <tr>
          <th>
            <Trans>Field</Trans>
          </th>
          <th>
            <Trans>Before</Trans>
          </th>
          <th>
            <Trans>After</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.path || '.'}>
            <th scope="row">{change.path || t`(value)`}</th>
            <td className="audit-before">{showValue(change.before)}</td>
            <td className="audit-after">{showValue(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (next: AuditFilters) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(filters);
  const accounts = useStaffQuery(listStaffAccounts, {});
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }
  return (
    <form className="console-filters" onSubmit={submit} aria-label={t`Filters`}>
      <div className="field">
        <label htmlFor="audit-person">
          <Trans>Person</Trans>
        </label>
        <select id="audit-person" value={draft.staffId} onChange={set('staffId')}>
          <option value="">{t`Anyone`}</option>
          {(accounts.data?.data ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name ? `${a.name} <${a.email}>` : a.email}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-actor">
          <Trans>Or actor name</Trans>
        </label>
        <input id="audit-actor" type="text" placeholder="cli" value={draft.actor} onChange={set('actor')} />
      </div>
      <div className="field">
        <label htmlFor="audit-action">
          <Trans>Action</Trans>
        </label>
        <input id="audit-action" type="text" placeholder="task.*" value={draft.action} onChange={set('action')} />
      </div>
      <div className="field">
        <label htmlFor="audit-entity">
          <Trans>Entity</Trans>
        </label>
        <input id="audit-entity" type="text" placeholder="task" value={draft.entity} onChange={set('entity')} list="audit-entities" />
        <datalist id="audit-entities">
          {['staff', 'task', 'task_type', 'user', 'place', 'payout_week', 'mission', 'attendance_request', 'support_request'].map((e) => (
            <option key={e} value={e} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor="audit-entity-id">
          <Trans>Entity id</Trans>
        </label>
        <input id="audit-entity-id" type="text" value={draft.entityId} onChange={set('entityId')} />
      </div>
      <div className="field">
        <label htmlFor="audit-market">
          <Trans>Market</Trans>
        </label>
        <select id="audit-market" value={draft.country} onChange={set('country')}>
          <option value="">{t`All`}</option>
          {COUNTRY_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-from">
          <Trans>From</Trans>
        </label>
        <input id="audit-from" type="date" value={draft.from} onChange={set('from')} />
      </div>
      <div className="field">
        <label htmlFor="audit-to">
          <Trans>To</Trans>
        </label>
        <input id="audit-to" type="date" value={draft.to} onChange={set('to')} />
      </div>
      <button type="submit" className="btn btn-primary">
        <Trans>Filter</Trans>
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => onApply(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as unknown as AuditFilters)}>
        <Trans>Clear</Trans>
      </button>
    </form>
  );
}

export default function AuditScreen() {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as AuditFilters;
  const query = auditQuery(filters, PAGE);
  const first = useStaffQuery(staffAudit, { query });
  const [more, setMore] = useState<{ key: string; rows: Entry[]; cursor: string | null }>({ key: '', rows: [], cursor: null });
  const [moreError, setMoreError] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const key = JSON.stringify(query);
  const extra = more.key === key ? more : { key, rows: [], cursor: first.data?.nextCursor ?? null };
  const rows = [...(first.data?.data ?? []), ...extra.rows];
  const cursor = extra.rows.length > 0 ? extra.cursor : (first.data?.nextCursor ?? null);

  function apply(next: AuditFilters) {
    const search = new URLSearchParams();
    for (const k of FILTER_KEYS) if (next[k]) search.set(k, next[k]);
    setParams(search);
  }

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await staffCall(staffAudit, { query: { ...query, cursor } });
      setMore({ key, rows: [...extra.rows, ...page.data], cursor: page.nextCursor });
    } catch (e) {
      setMoreError(e);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="audit">
      <div className="console-head">
        <h1>
          <Trans>Audit trail</Trans>
        </h1>
      </div>
      {/* Keyed by the URL's filters: applied, cleared or back, the form shows them afresh. */}
      <FilterForm key={key} filters={filters} onApply={apply} />
      {first.loading && !first.data ? (
        <Loading />
      ) : first.error && !first.data ? (
        <LoadError error={first.error} retry={first.reload} />
      ) : rows.length === 0 ? (
        <Empty>
          <Trans>No actions match these filters.</Trans>
        </Empty>
      ) : (
        <>
          <table className="console-table audit-table">
            <thead>
              <tr>
                <th>
                  <Trans>When</Trans>
                </th>
                <th>
                  <Trans>Who</Trans>
                </th>
                <th>
                  <Trans>Action</Trans>
                </th>
                <th>
                  <Trans>Entity</Trans>
                </th>
                <th>
                  <Trans>Market</Trans>
                </th>
                <th>
                  <Trans>Changes</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <tr key={entry.id}>
                  <td className="audit-when">{i18n.date(entry.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}</td>
                  <td>{entry.actor}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {entry.entity}
                    {entry.entityId ? <EntityId entity={entry.entity} id={entry.entityId} /> : null}
                  </td>
                  <td>{entry.country ?? '—'}</td>
                  <td>
                    <Changes entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {moreError ? (
            <p className="alert alert-error" role="alert">
              {errorText(moreError)}
            </p>
          ) : null}
          {cursor ? (
            <button type="button" className="btn btn-secondary audit-more" disabled={loadingMore} onClick={() => void loadMore()}>
              {loadingMore ? t`Loading…` : t`Show more`}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
