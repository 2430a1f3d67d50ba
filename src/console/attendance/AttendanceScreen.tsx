/**
 * /staff/attendance: a task's attendance requests (the task id in the address, ?task=…), oldest
 * first with their state and the tasker's answer, and sending one to the tasker who reserved the
 * task, lapsing after a chosen time (or the server's default: a day, or the task's start when
 * sooner). While a request is open, sending again answers that one; the screen says so.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createRequest, listTaskRequests } from '#contracts/api/attendance';
import type { AnswerOf } from '#contracts/api/client';
import { isPlausibleId } from '#domain/validation';
import { newIdempotencyKey, staffCall, useStaffQuery } from '../api';
import { useErrorText } from '../errors';
import { Empty, LoadError, Loading } from '../ui/States';
import { useWhen } from '../support/words';
import '../support/support.css';

type Request = AnswerOf<typeof listTaskRequests>['data'][number];

/** The lapse choices in minutes; 0 is the server's default. */
export const LAPSE_CHOICES = [0, 30, 60, 120, 360, 1440] as const;

function useStatusWords(): Record<Request['status'], string> {
  const { t } = useLingui();
  return { pending: t`Waiting for the tasker`, accepted: t`Will attend`, declined: t`Will not attend`, lapsed: t`Lapsed` };
}

export default function AttendanceScreen() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const when = useWhen();
  const statusWords = useStatusWords();
  const [params, setParams] = useSearchParams();
  const taskId = params.get('task')?.trim() ?? '';
  const valid = taskId !== '' && isPlausibleId(taskId);
  const requests = useStaffQuery(listTaskRequests, valid ? { params: { id: taskId } } : null);
  const [typed, setTyped] = useState(taskId);
  const [lapse, setLapse] = useState<number>(0);
  const [sendKey, setSendKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [messageOf, setMessageOf] = useState<{ task: string; kind: 'info' | 'error'; text: string } | null>(null);
  const message = messageOf?.task === taskId ? messageOf : null;

  const lapseWords = (minutes: number) =>
    minutes === 0 ? t`Default (a day, or the task's start when sooner)` : minutes < 60 ? t`In ${minutes} minutes` : t`In ${minutes / 60} hours`;

  const open = (event: FormEvent) => {
    event.preventDefault();
    const id = typed.trim();
    setParams(id ? { task: id } : {}, { replace: false });
  };

  const send = async () => {
    setBusy(true);
    setMessageOf(null);
    const before = new Set((requests.data?.data ?? []).map((r) => r.id));
    try {
      const sent = await staffCall(createRequest, { params: { id: taskId }, body: lapse === 0 ? {} : { expiresInMinutes: lapse }, idempotencyKey: sendKey });
      setSendKey(newIdempotencyKey());
      setMessageOf({
        task: taskId,
        kind: 'info',
        text: before.has(sent.id) ? t`A request is already open; it lapses ${when(sent.expiresAt)}.` : t`The request is sent to the tasker; it lapses ${when(sent.expiresAt)}.`,
      });
      requests.reload();
    } catch (error) {
      setSendKey(newIdempotencyKey());
      setMessageOf({ task: taskId, kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const rows = requests.data?.data ?? [];

  return (
    <div className="support-page">
      <div className="console-head">
        <h1>
          <Trans>Attendance requests</Trans>
        </h1>
      </div>

      <form className="console-filters" onSubmit={open}>
        <div className="field">
          <label htmlFor="attendance-task">
            <Trans>Task id</Trans>
          </label>
          <input id="attendance-task" value={typed} onChange={(e) => setTyped(e.target.value)} size={40} autoComplete="off" />
        </div>
        <button type="submit" className="btn btn-secondary">
          <Trans>Show</Trans>
        </button>
      </form>

      {taskId === '' ? (
        <Empty>
          <Trans>Type a task's id to see its attendance requests and ask its tasker to confirm.</Trans>
        </Empty>
      ) : !valid ? (
        <p className="alert alert-error" role="alert">
          <Trans>This is not a task id.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Link to={`/staff/tasks/${encodeURIComponent(taskId)}`}>
              <Trans>Open the task</Trans>
            </Link>
          </p>

          {message && (
            <p className={`alert ${message.kind === 'error' ? 'alert-error' : 'alert-info'}`} role={message.kind === 'error' ? 'alert' : 'status'}>
              {message.text}
            </p>
          )}

          <div className="card support-actions" style={{ alignItems: 'flex-end' }}>
            <div className="field">
              <label htmlFor="attendance-lapse">
                <Trans>The request lapses</Trans>
              </label>
              <select id="attendance-lapse" value={lapse} onChange={(e) => setLapse(Number(e.target.value))}>
                {LAPSE_CHOICES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {lapseWords(minutes)}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send()}>
              {busy ? <Trans>Sending…</Trans> : <Trans>Ask the tasker to confirm</Trans>}
            </button>
          </div>

          {requests.error ? (
            <LoadError error={requests.error} retry={requests.reload} />
          ) : requests.loading && !requests.data ? (
            <Loading />
          ) : rows.length === 0 ? (
            <Empty>
              <Trans>No attendance requests for this task yet.</Trans>
            </Empty>
          ) : (
            <div className="support-table-wrap">
              <table className="console-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Sent</Trans>
                    </th>
                    <th scope="col">
                      <Trans>By</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Tasker</Trans>
                    </th>
                    <th scope="col">
                      <Trans>State</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Lapses</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Answer</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <td>{when(r.createdAt)}</td>
                      <td>{r.createdBy}</td>
                      <td>
                        <Link to={`/staff/taskers/${r.userId}`}>
                          <Trans>Tasker</Trans>
                        </Link>
                      </td>
                      <td>
                        <span className={`support-badge support-badge--${r.status === 'accepted' ? 'handled' : r.status === 'pending' ? 'pending' : r.status === 'declined' ? 'open' : 'lapsed'}`}>
                          {statusWords[r.status]}
                        </span>
                      </td>
                      <td>
                        {r.status === 'lapsed' && r.lapsedAt ? when(r.lapsedAt) : when(r.expiresAt)}
                        {r.cancelledReservation && (
                          <div className="field-hint">
                            <Trans>The reservation was released</Trans>
                          </div>
                        )}
                      </td>
                      <td>
                        {r.answeredAt ? (
                          <>
                            <div>{when(r.answeredAt)}</div>
                            {r.justification && <div className="support-snippet">{r.justification}</div>}
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
