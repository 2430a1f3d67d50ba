/**
 * Open attendance requests as banners (on the task lists, and on a reserved task's detail with
 * `taskId`): each names the task and when the request lapses, says when an answer waits to be
 * sent, and opens the attendance popup. Also raises the refusals of sent answers: 'already
 * submitted' for 5 s (spec section 8), then forgets the record; any other refusal says
 * 'try again' and leaves the request open for a new answer.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../i18n/format';
import { Icon } from '#ui/Icon';
import { showToast } from '#ui/toastStore';
import { AttendanceDialog } from './AttendanceDialog';
import { dismissAttendanceRefusal } from './mutations';
import { useAttendanceRefusals, useAttendanceRequests, type AttendanceRequestView } from './queries';
import './attendance.css';

/** Refusals that mean the request is settled on the server: shown once, then forgotten. */
const SETTLED = new Set(['ATTENDANCE_ALREADY_SUBMITTED', 'ATTENDANCE_REQUEST_EXPIRED', 'ATTENDANCE_REQUEST_NOT_FOUND']);
const shown = new Set<string>();

function useRefusalToasts(): void {
  const refusals = useAttendanceRefusals();
  useEffect(() => {
    for (const r of refusals ?? []) {
      if (shown.has(r.recordId)) continue;
      shown.add(r.recordId);
      if (r.code === 'ATTENDANCE_ALREADY_SUBMITTED') {
        showToast({ id: `attendance-${r.taskId}`, kind: 'warning', message: msg`You have already answered this attendance request.`, durationMs: 5000 });
      } else if (r.code === 'ATTENDANCE_REQUEST_EXPIRED' || r.code === 'ATTENDANCE_REQUEST_NOT_FOUND') {
        showToast({ id: `attendance-${r.taskId}`, kind: 'warning', message: msg`This attendance request has expired.`, durationMs: 5000 });
      } else {
        showToast({ id: `attendance-${r.taskId}`, kind: 'error', message: msg`Your answer could not be sent. Please try again.`, durationMs: 5000 });
      }
      if (SETTLED.has(r.code)) void dismissAttendanceRefusal(r.recordId);
    }
  }, [refusals]);
}

function RequestBanner({ request, onOpen }: { request: AttendanceRequestView; onOpen: () => void }) {
  const { i18n } = useLingui();
  const until = formatDateTime(request.expiresAt, i18n.locale);
  return (
    <div className="attendance-banner" role="status" data-testid="attendance-banner">
      <Icon name="calendar" size={22} />
      <div className="attendance-banner__text">
        <strong>
          <Trans>Confirm your attendance</Trans>
        </strong>
        <span>
          {request.task.title} · {request.task.place.title}
        </span>
        {request.waiting ? (
          <span className="attendance-banner__state">
            <Trans>Your answer is saved and waits to be sent.</Trans>
          </span>
        ) : request.refused && !SETTLED.has(request.refused.code) ? (
          <span className="attendance-banner__state attendance-banner__state--error">
            <Trans>Your answer could not be sent. Please try again.</Trans>
          </span>
        ) : (
          <span className="attendance-banner__state">
            <Trans>Answer by {until}, or the reservation is canceled.</Trans>
          </span>
        )}
      </div>
      {!request.waiting && (
        <button type="button" className="btn btn-secondary attendance-banner__action" onClick={onOpen}>
          <Trans>Answer</Trans>
        </button>
      )}
    </div>
  );
}

export function AttendanceBanner({ taskId }: { taskId?: string }) {
  const requests = useAttendanceRequests();
  const [openTaskId, setOpenTaskId] = useState<string | null>(null);
  useRefusalToasts();
  const list = (requests ?? []).filter((r) => taskId === undefined || r.taskId === taskId);
  const open = list.find((r) => r.taskId === openTaskId && !r.waiting) ?? null;
  if (list.length === 0) return null;
  return (
    <div className="attendance-banners">
      {list.map((r) => (
        <RequestBanner key={r.id} request={r} onOpen={() => setOpenTaskId(r.taskId)} />
      ))}
      {open && <AttendanceDialog key={open.id} request={open} onClose={() => setOpenTaskId(null)} />}
    </div>
  );
}
