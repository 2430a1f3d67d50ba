/**
 * A tasker's profile (onboarding, finance, support): the profile fields, the documents (images
 * fetched with the member's bearer, shown from object URLs), the review history, the trainings,
 * the task history and the audit rows about them. Onboarding members approve, reject with the
 * fields to correct and a comment (kept as a draft until sent), deactivate and reactivate, and
 * mark trainings done or not done.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  approveUser,
  deactivateUser,
  reactivateUser,
  rejectUser,
  trainingDone,
  trainingUndone,
  userDocumentFile,
  userReview,
  userTasks,
} from '#contracts/api/staff';
import { staffAudit } from '#contracts/api/staffAccounts';
import { routePath, type AnswerOf } from '#contracts/api/client';
import { formatMoney } from '#domain/money';
import type { UserStatus } from '#domain/types';
import { StaffApiError, newIdempotencyKey, staffCall, staffDownload, useStaffQuery } from '../api';
import { useDraft } from '../drafts';
import { useErrorText } from '../errors';
import { getSession } from '../session';
import { Empty, LoadError, Loading } from '../ui/States';
import { diffFields, showValue } from '../audit/diff';
import { DOCUMENT_LABELS, FIELD_LABELS, REASON_FIELDS, STATUS_LABELS, isReasonField, taskerName, type ReasonField, EVENT_LABELS, TASK_STATUS_LABELS } from './labels';
import './taskers.css';

type Review = AnswerOf<typeof userReview>;
type Document = Review['documents'][number];

/** One write at a time with its Idempotency-Key kept across resends after a lost connection. */
function useWrite(onDone: () => void) {
  const keyRef = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function run(send: (idempotencyKey: string) => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(null);
    keyRef.current ??= newIdempotencyKey();
    try {
      await send(keyRef.current);
      keyRef.current = null;
      onDone();
      return true;
    } catch (e) {
      if (!(e instanceof StaffApiError && e.code === 'NETWORK')) keyRef.current = null;
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { run, busy, error };
}

function WriteError({ error }: { error: unknown }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <p className="alert alert-error" role="alert">
      {error instanceof StaffApiError && error.code === 'NETWORK' ? t`Not sent: the server cannot be reached. Nothing you typed is lost; try again.` : errorText(error)}
    </p>
  );
}

function DocumentView({ userId, document, canView }: { userId: string; document: Document; canView: boolean }) {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const [file, setFile] = useState<{ url: string; image: boolean } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const available = document.src !== null && !document.deletedAt;
  // The file route needs the onboarding role: other members see that it exists, not its bytes.
  const fetchable = available && canView;

  useEffect(() => {
    if (!fetchable) return;
    const controller = new AbortController();
    let url: string | null = null;
    staffDownload('/api/' + routePath(userDocumentFile, { params: { id: userId, documentId: document.id } }), controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setFile({ url, image: blob.type === '' || blob.type.startsWith('image/') });
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(e);
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fetchable, userId, document.id, round]);

  const label = i18n._(DOCUMENT_LABELS[document.kind]);
  return (
    <figure className="tasker-doc card">
      {!available ? (
        <div className="tasker-doc__gone muted">
          {document.deletedAt ? t`Deleted on ${i18n.date(document.deletedAt, { dateStyle: 'medium' })}` : t`No file`}
        </div>
      ) : !canView ? (
        <div className="tasker-doc__gone muted">{t`Documents need the onboarding role.`}</div>
      ) : error ? (
        <div className="tasker-doc__gone" role="alert">
          <span>{error instanceof StaffApiError && error.code === 'STAFF_ROLE_REQUIRED' ? t`Documents need the onboarding role.` : errorText(error)}</span>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setError(null);
              setRound((n) => n + 1);
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : !file ? (
        <Loading />
      ) : file.image ? (
        <a href={file.url} target="_blank" rel="noopener noreferrer">
          <img src={file.url} alt={label} />
        </a>
      ) : (
        <a href={file.url} target="_blank" rel="noopener noreferrer">
          <Trans>Open the file</Trans>
        </a>
      )}
      <figcaption>
        <strong>{label}</strong> <span className="muted">{i18n.date(document.uploadedAt, { dateStyle: 'medium', timeStyle: 'short' })}</span>
      </figcaption>
    </figure>
  );
}

interface RejectDraft {
  reasons: ReasonField[];
  comment: string;
}

function Decision({ review, onDone }: { review: Review; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const id = review.user.id;
  const [draft, setDraft, clearDraft] = useDraft<RejectDraft>(`tasker.reject.${id}`, { reasons: [], comment: '' });
  const [rejecting, setRejecting] = useState(draft.reasons.length > 0 || draft.comment !== '');
  const approve = useWrite(onDone);
  const reject = useWrite(() => {
    clearDraft();
    setRejecting(false);
    onDone();
  });
  const fieldError = reject.error instanceof StaffApiError ? reject.error.fields : undefined;

  function submitReject(event: FormEvent) {
    event.preventDefault();
    void reject.run((idempotencyKey) =>
      staffCall(rejectUser, { params: { id }, body: { reasons: draft.reasons, comment: draft.comment.trim() || null }, idempotencyKey }),
    );
  }

  return (
    <section className="card tasker-panel" aria-labelledby="tasker-decision">
      <h2 id="tasker-decision">
        <Trans>Decision</Trans>
      </h2>
      {!review.user.isAwaitingApproval ? (
        <p className="muted">
          <Trans>This profile is not awaiting approval.</Trans>
        </p>
      ) : null}
      <div className="tasker-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={approve.busy || !review.user.isAwaitingApproval}
          onClick={() => void approve.run((idempotencyKey) => staffCall(approveUser, { params: { id }, idempotencyKey }))}
        >
          <Trans>Approve</Trans>
        </button>
        <button type="button" className="btn btn-danger" disabled={!review.user.isAwaitingApproval} onClick={() => setRejecting(true)} aria-expanded={rejecting}>
          <Trans>Reject…</Trans>
        </button>
      </div>
      <WriteError error={approve.error} />
      {rejecting ? (
        <form className="tasker-reject" onSubmit={submitReject} noValidate>
          <fieldset>
            <legend>
              <Trans>What must the tasker correct?</Trans>
            </legend>
            <div className="tasker-reasons">
              {REASON_FIELDS.map((field) => (
                <label key={field} className="check-row" htmlFor={`reason-${field}`}>
                  <input
                    id={`reason-${field}`}
                    type="checkbox"
                    checked={draft.reasons.includes(field)}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        reasons: REASON_FIELDS.filter((f) => (f === field ? e.target.checked : draft.reasons.includes(f))),
                      })
                    }
                  />
                  <span>{i18n._(FIELD_LABELS[field])}</span>
                </label>
              ))}
            </div>
            {fieldError?.reasons ? <span className="field-error">{t`Tick at least one field.`}</span> : null}
          </fieldset>
          <div className="field">
            <label htmlFor="reject-comment">
              <Trans>Comment for the tasker</Trans>
            </label>
            <textarea id="reject-comment" rows={3} maxLength={1000} value={draft.comment} onChange={(e) => setDraft({ ...draft, comment: e.target.value })} />
          </div>
          <WriteError error={reject.error} />
          <div className="tasker-actions">
            <button type="submit" className="btn btn-danger" disabled={reject.busy || draft.reasons.length === 0}>
              <Trans>Reject</Trans>
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setRejecting(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function ActiveState({ review, onDone }: { review: Review; onDone: () => void }) {
  const { t } = useLingui();
  const id = review.user.id;
  const deactivated = review.user.isDeactivated;
  const [comment, setComment, clearComment] = useDraft(`tasker.active.${id}`, '');
  const write = useWrite(() => {
    clearComment();
    onDone();
  });
  return (
    <section className="card tasker-panel" aria-labelledby="tasker-active">
      <h2 id="tasker-active">{deactivated ? t`Reactivate` : t`Deactivate`}</h2>
      <div className="field">
        <label htmlFor="active-comment">
          <Trans>Why (kept in the history)</Trans>
        </label>
        <input id="active-comment" type="text" maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      <WriteError error={write.error} />
      <button
        type="button"
        className={deactivated ? 'btn btn-primary' : 'btn btn-danger'}
        disabled={write.busy}
        onClick={() =>
          void write.run((idempotencyKey) =>
            staffCall(deactivated ? reactivateUser : deactivateUser, { params: { id }, body: { comment: comment.trim() || null }, idempotencyKey }),
          )
        }
      >
        {deactivated ? t`Reactivate` : t`Deactivate`}
      </button>
    </section>
  );
}

function Trainings({ review, canAct, onDone }: { review: Review; canAct: boolean; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const write = useWrite(onDone);
  if (review.trainings.length === 0) return null;
  return (
    <section className="tasker-section" aria-labelledby="tasker-trainings">
      <h2 id="tasker-trainings">
        <Trans>Trainings</Trans>
      </h2>
      <table className="console-table">
        <tbody>
          {review.trainings.map((training) => (
            <tr key={training.id}>
              <td>
                {training.title}
                {training.isRequired ? <span className="muted"> · {t`required`}</span> : null}
                {!training.enabled ? <span className="muted"> · {t`switched off`}</span> : null}
              </td>
              <td>{training.doneAt ? t`Done on ${i18n.date(training.doneAt, { dateStyle: 'medium' })}` : t`Not done`}</td>
              <td>
                {canAct ? (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={write.busy}
                    onClick={() =>
                      void write.run((idempotencyKey) =>
                        staffCall(training.doneAt ? trainingUndone : trainingDone, { params: { id: review.user.id, trainingId: training.id }, idempotencyKey }),
                      )
                    }
                  >
                    {training.doneAt ? t`Mark not done` : t`Mark done`}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <WriteError error={write.error} />
    </section>
  );
}

function TaskHistory({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const tasks = useStaffQuery(userTasks, { params: { id: userId } });
  return (
    <section className="tasker-section" aria-labelledby="tasker-tasks">
      <h2 id="tasker-tasks">
        <Trans>Task history</Trans>
      </h2>
      {tasks.loading && !tasks.data ? (
        <Loading />
      ) : tasks.error && !tasks.data ? (
        <LoadError error={tasks.error} retry={tasks.reload} />
      ) : (tasks.data?.data.length ?? 0) === 0 ? (
        <Empty>
          <Trans>No tasks yet.</Trans>
        </Empty>
      ) : (
        <table className="console-table">
          <thead>
            <tr>
              <th>
                <Trans>Task</Trans>
              </th>
              <th>
                <Trans>Window</Trans>
              </th>
              <th>
                <Trans>Status</Trans>
              </th>
              <th className="num">
                <Trans>Reward</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {tasks.data?.data.map((task) => (
              <tr key={`${task.id}-${task.cancelledAt ?? ''}`}>
                <td>
                  <Link to={`/staff/review/${encodeURIComponent(task.id)}`}>{task.title}</Link>
                  <div className="muted">
                    {task.placeTitle} · {task.countryCode}
                  </div>
                </td>
                <td>{i18n.date(task.timeWindowStart, { dateStyle: 'medium' })}</td>
                <td>
                  {TASK_STATUS_LABELS[task.status] ? i18n._(TASK_STATUS_LABELS[task.status]!) : task.status}
                  {task.resultComment ? <div className="muted">{task.resultComment}</div> : null}
                </td>
                <td className="num">
                  {task.reducedReward ? (
                    <>
                      <s className="muted">{formatMoney(task.reward, i18n.locale)}</s> {formatMoney(task.reducedReward, i18n.locale)}
                    </>
                  ) : (
                    formatMoney(task.reward, i18n.locale)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AuditHistory({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const rows = useStaffQuery(staffAudit, { query: { entity: 'user', entityId: userId, limit: '50' } });
  if (rows.error && !rows.data) return <LoadError error={rows.error} retry={rows.reload} />;
  if (!rows.data || rows.data.data.length === 0) return null;
  return (
    <section className="tasker-section" aria-labelledby="tasker-audit">
      <h2 id="tasker-audit">
        <Trans>Staff actions</Trans>
      </h2>
      <ul className="tasker-events">
        {rows.data.data.map((entry) => (
          <li key={entry.id}>
            <span className="muted">{i18n.date(entry.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</span> <strong>{entry.actor}</strong>{' '}
            <code>{entry.action}</code>
            <span className="muted">
              {' '}
              {diffFields(entry.before, entry.after)
                .slice(0, 6)
                .map((c) => `${c.path}: ${showValue(c.before)} → ${showValue(c.after)}`)
                .join('; ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const PROFILE_ROWS = ['firstName', 'middleName', 'lastName', 'phone', 'address', 'postalCode', 'nationalId', 'iban', 'businessType', 'individualActivityNo', 'legalEntityName', 'legalEntityNumber', 'vatCode', 'businessId'] as const;

export default function TaskerScreen() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const review = useStaffQuery(userReview, { params: { id } });
  const roles = getSession()?.staff.roles ?? [];
  const canAct = roles.includes('onboarding');
  const data = review.data;

  if (review.loading && !data) return <Loading />;
  if (review.error && !data) return <LoadError error={review.error} retry={review.reload} />;
  if (!data) return null;
  const user = data.user;
  const flagged = new Set(user.rejectionReasons);

  return (
    <div className="tasker">
      <p>
        <Link to="/staff/taskers">← {t`Taskers`}</Link>
      </p>
      <div className="console-head">
        <h1>{taskerName(user)}</h1>
        <span className={`taskers-status taskers-status--${user.status}`}>{i18n._(STATUS_LABELS[user.status as UserStatus])}</span>
      </div>
      <p className="muted">
        {user.email} · {user.countryCode ?? '—'} · <Trans>joined {i18n.date(user.createdAt, { dateStyle: 'medium' })}</Trans> ·{' '}
        <Trans>{user.historicalTaskCount} tasks</Trans>
      </p>
      {user.isRejected || user.rejectionReasons.length > 0 ? (
        <div className="alert alert-warning">
          <strong>
            <Trans>To correct:</Trans>
          </strong>{' '}
          {user.rejectionReasons.map((r) => (isReasonField(r) ? i18n._(FIELD_LABELS[r]) : r)).join(', ')}
          {user.rejectionComment ? <div>{user.rejectionComment}</div> : null}
        </div>
      ) : null}

      <div className="tasker-layout">
        <div>
          <section className="tasker-section" aria-labelledby="tasker-profile">
            <h2 id="tasker-profile">
              <Trans>Profile</Trans>
            </h2>
            <table className="console-table tasker-profile">
              <tbody>
                {PROFILE_ROWS.map((field) => {
                  const value = user[field];
                  if (value === undefined) return null;
                  return (
                    <tr key={field} className={flagged.has(field) ? 'tasker-flagged' : undefined}>
                      <th scope="row">{i18n._(FIELD_LABELS[field])}</th>
                      <td>{value === null || value === '' ? <span className="muted">—</span> : String(value)}</td>
                    </tr>
                  );
                })}
                <tr>
                  <th scope="row">
                    <Trans>Trainings done</Trans>
                  </th>
                  <td>{user.trainingDone ? t`Yes` : t`No`}</td>
                </tr>
                <tr>
                  <th scope="row">
                    <Trans>Payment documents done</Trans>
                  </th>
                  <td>{user.paymentDocumentsDone ? t`Yes` : t`No`}</td>
                </tr>
              </tbody>
            </table>
          </section>

          <section className="tasker-section" aria-labelledby="tasker-docs">
            <h2 id="tasker-docs">
              <Trans>Documents</Trans>
            </h2>
            {data.documents.length === 0 ? (
              <Empty>
                <Trans>No documents uploaded.</Trans>
              </Empty>
            ) : (
              <div className="tasker-docs">
                {data.documents.map((d) => (
                  <DocumentView key={d.id} userId={user.id} document={d} canView={canAct} />
                ))}
              </div>
            )}
          </section>

          <Trainings review={data} canAct={canAct} onDone={review.reload} />
          <TaskHistory userId={user.id} />
        </div>

        <aside>
          {canAct ? (
            <>
              <Decision key={`${user.id}-${user.status}`} review={data} onDone={review.reload} />
              <ActiveState key={`active-${user.status}`} review={data} onDone={review.reload} />
            </>
          ) : null}
          {data.events.length > 0 ? (
            <section className="card tasker-panel" aria-labelledby="tasker-history">
              <h2 id="tasker-history">
                <Trans>Review history</Trans>
              </h2>
              <ul className="tasker-events">
                {data.events.map((event, index) => (
                  <li key={`${event.createdAt}-${index}`}>
                    <span className="muted">{i18n.date(event.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</span> <strong>{EVENT_LABELS[event.kind] ? i18n._(EVENT_LABELS[event.kind]!) : event.kind}</strong> ·{' '}
                    {event.actor}
                    {event.reasons.length > 0 ? <div>{event.reasons.map((r) => (isReasonField(r) ? i18n._(FIELD_LABELS[r]) : r)).join(', ')}</div> : null}
                    {event.comment ? <div className="muted">{event.comment}</div> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <AuditHistory userId={user.id} />
        </aside>
      </div>
    </div>
  );
}
