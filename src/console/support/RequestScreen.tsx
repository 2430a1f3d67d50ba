/**
 * /staff/support/:id: a tasker's support request — the message, the replies staff mailed (oldest
 * first), the tasker and the market's support address — with a reply box and "Mark handled" /
 * "Reopen". The reply is the member's own text; the server mails it with a subject and intro in
 * the tasker's language. The typed reply is kept as a draft until it is sent, and one send keeps
 * its Idempotency-Key across retries, so a send that timed out and is pressed again mails once.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { SUPPORT_REPLY_MAX, markSupportHandled, reopenSupportRequest, replySupportRequest, supportRequest } from '#contracts/api/staffSupport';
import type { AnswerOf } from '#contracts/api/client';
import { StaffApiError, newIdempotencyKey, staffCall, useStaffQuery } from '../api';
import { useDraft } from '../drafts';
import { useErrorText } from '../errors';
import { LoadError, Loading } from '../ui/States';
import { StatusBadge, useLanguageName, useWhen } from './words';
import './support.css';
import { STATUS_LABELS } from '../taskers/labels';
import type { UserStatus } from '#domain/types';

type Detail = AnswerOf<typeof supportRequest>;

/** The reply's length as the server counts it (code points of the trimmed text). */
export function replyLength(text: string): number {
  return [...text.trim()].length;
}

export default function RequestScreen() {
  const { id = '' } = useParams();
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const when = useWhen();
  const languageName = useLanguageName();
  const query = useStaffQuery(supportRequest, { params: { id } });
  // What the last write answered, for the load it followed (a fresh load replaces it).
  const [written, setWritten] = useState<{ after: Detail | undefined; detail: Detail } | null>(null);
  const [draft, setDraft, clearDraft] = useDraft<string>(`support:reply:${id}`, '');
  const [replyKey, setReplyKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState<'reply' | 'state' | null>(null);
  // Messages of the request they were about (another request's are not shown).
  const [failureOf, setFailureOf] = useState<{ id: string; text: string } | null>(null);
  const [noticeOf, setNoticeOf] = useState<{ id: string; text: string } | null>(null);
  const failure = failureOf?.id === id ? failureOf.text : null;
  const notice = noticeOf?.id === id ? noticeOf.text : null;
  const setFailure = (text: string | null) => setFailureOf(text === null ? null : { id, text });
  const setNotice = (text: string | null) => setNoticeOf(text === null ? null : { id, text });
  const setAnswer = (detail: Detail) => setWritten({ after: query.data, detail });

  const detail = written && written.after === query.data ? written.detail : query.data;
  const length = replyLength(draft);
  const tooLong = length > SUPPORT_REPLY_MAX;

  const sendReply = async (event: FormEvent) => {
    event.preventDefault();
    if (length === 0 || tooLong || busy) return;
    setBusy('reply');
    setFailure(null);
    setNotice(null);
    try {
      const next = await staffCall(replySupportRequest, { params: { id }, body: { body: draft }, idempotencyKey: replyKey });
      setAnswer(next);
      clearDraft();
      setReplyKey(newIdempotencyKey());
      const last = next.replies[next.replies.length - 1];
      setNotice(last?.mailedAt ? t`The reply was mailed to the tasker.` : t`The reply is saved but the mail did not go out; it is sent again with the next reply.`);
    } catch (error) {
      // A refusal of the text itself: a new key for the corrected text; a lost connection keeps the key.
      if (error instanceof StaffApiError && error.status >= 400 && error.status < 500) setReplyKey(newIdempotencyKey());
      if (error instanceof StaffApiError && error.fields?.body === 'TOO_LONG') setFailure(t`A reply has at most ${SUPPORT_REPLY_MAX} characters.`);
      else if (error instanceof StaffApiError && error.fields?.body === 'REQUIRED') setFailure(t`Write the reply first.`);
      else setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const setHandled = async (handled: boolean) => {
    setBusy('state');
    setFailure(null);
    setNotice(null);
    try {
      setAnswer(await staffCall(handled ? markSupportHandled : reopenSupportRequest, { params: { id } }));
      setNotice(handled ? t`Marked handled.` : t`Opened again.`);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  if (query.error && !detail) return <LoadError error={query.error} retry={query.reload} />;
  // The previous request stays in the query while the next one loads.
  if (!detail || detail.request.id !== id) return <Loading />;
  const { request, tasker, replies } = detail;

  return (
    <div className="support-page">
      <p>
        <Link to="/staff/support">
          <Trans>← Support inbox</Trans>
        </Link>
      </p>
      <div className="console-head">
        <h1>
          <Trans>Support request from {tasker.name ?? request.tasker.email}</Trans>
        </h1>
        <div className="support-actions">
          <StatusBadge status={request.status} />
          {request.status === 'open' ? (
            <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void setHandled(true)}>
              <Trans>Mark handled</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void setHandled(false)}>
              <Trans>Reopen</Trans>
            </button>
          )}
        </div>
      </div>

      {notice && (
        <p className="alert alert-info" role="status">
          {notice}
        </p>
      )}
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}

      <div className="support-request">
        <div className="support-thread">
          <article className="support-message">
            <div className="support-message__meta">
              <strong>{tasker.name ?? request.tasker.email}</strong>
              <span>{when(request.createdAt)}</span>
              <span>
                <Trans>Written in {languageName(request.locale)}</Trans>
              </span>
            </div>
            <p className="support-message__body">{request.body}</p>
          </article>

          {replies.map((reply) => (
            <article key={reply.id} className="support-message support-message--staff">
              <div className="support-message__meta">
                <strong>{reply.actor}</strong>
                <span>{when(reply.createdAt)}</span>
                {reply.mailedAt ? (
                  <span>
                    <Trans>Mailed {when(reply.mailedAt)}</Trans>
                  </span>
                ) : (
                  <span className="support-badge support-badge--open">
                    <Trans>Not mailed yet</Trans>
                  </span>
                )}
              </div>
              <p className="support-message__body">{reply.body}</p>
            </article>
          ))}

          <form className="card support-reply stack" onSubmit={(e) => void sendReply(e)}>
            <div className="field">
              <label htmlFor="support-reply">
                <Trans>Reply to the tasker</Trans>
              </label>
              <textarea id="support-reply" value={draft} onChange={(e) => setDraft(e.target.value)} aria-invalid={tooLong || undefined} aria-describedby="support-reply-hint" />
              <p id="support-reply-hint" className="field-hint">
                <Trans>
                  Mailed to {tasker.email} with a subject and greeting in {languageName(request.locale)}; their answer goes to {detail.supportEmail ?? t`the support address`}.
                </Trans>
              </p>
            </div>
            <div className="support-reply__foot">
              <span className={tooLong ? 'field-error' : 'field-hint'}>
                {length} / {SUPPORT_REPLY_MAX}
              </span>
              <button type="submit" className="btn btn-primary" disabled={length === 0 || tooLong || busy !== null}>
                {busy === 'reply' ? <Trans>Sending…</Trans> : <Trans>Send reply</Trans>}
              </button>
            </div>
          </form>
        </div>

        <aside className="card">
          <h2>
            <Trans>Tasker</Trans>
          </h2>
          <dl className="support-facts">
            <dt>
              <Trans>Name</Trans>
            </dt>
            <dd>
              <Link to={`/staff/taskers/${tasker.id}`}>{tasker.name ?? t`No name yet`}</Link>
            </dd>
            <dt>
              <Trans>E-mail</Trans>
            </dt>
            <dd>{tasker.email}</dd>
            {tasker.email !== request.tasker.email && (
              <>
                <dt>
                  <Trans>Wrote from</Trans>
                </dt>
                <dd>{request.tasker.email}</dd>
              </>
            )}
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>{tasker.phone ?? '—'}</dd>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>{STATUS_LABELS[tasker.status as UserStatus] ? i18n._(STATUS_LABELS[tasker.status as UserStatus]) : tasker.status}</dd>
            <dt>
              <Trans>Market</Trans>
            </dt>
            <dd>{request.market}</dd>
            <dt>
              <Trans>Support address</Trans>
            </dt>
            <dd>{detail.supportEmail ?? '—'}</dd>
            <dt>
              <Trans>Forwarded to support</Trans>
            </dt>
            <dd>{request.mailedAt ? when(request.mailedAt) : t`Not yet`}</dd>
            {request.handledAt && (
              <>
                <dt>
                  <Trans>Handled</Trans>
                </dt>
                <dd>
                  {when(request.handledAt)}
                  {request.handledBy && <div className="field-hint">{request.handledBy}</div>}
                </dd>
              </>
            )}
          </dl>
        </aside>
      </div>
    </div>
  );
}
