/**
 * /staff/review/:taskId: everything the tasker sent for one task, laid out for a reviewer at
 * 1280×800 — the photos (full size with zoom), the checklist with each item's state, the scans
 * against the product list (missing, unexpected and zero-facing rows marked), defects and
 * blockers, the completion comment, where and when the work started (distance to the store) and
 * whether it was delivered late, earlier tasks at the same store — and the decision. The queue's
 * filters ride along in the URL: J/N opens the next task of that queue, K the previous one, and a
 * decision moves on to the next task.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { reviewQueue, taskReview } from '#contracts/api/staffReview';
import { useStaffQuery } from '../api';
import { DecisionPanel, type DecisionPanelHandle } from './DecisionPanel';
import { Failure } from './Failure';
import { ReviewDetails } from './ReviewDetails';
import { nextInQueue, previousInQueue, type DecisionKind } from './decision';
import { DecidedLine, type DecidedNote } from './DecidedLine';
import { filtersFromSearch, filtersToQuery, filtersToSearch } from './format';
import './review.css';

/** Typing in a field, a key with a modifier, or a key inside a dialog (the photo viewer) is never a shortcut. */
function notAShortcut(e: KeyboardEvent): boolean {
  const target = e.target as HTMLElement | null;
  const tag = target?.tagName;
  return (
    e.ctrlKey ||
    e.metaKey ||
    e.altKey ||
    tag === 'INPUT' ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    Boolean(target?.isContentEditable) ||
    Boolean(target?.closest?.('[role="dialog"]'))
  );
}

export default function ReviewScreen() {
  const { taskId = '' } = useParams();
  // A new task starts with fresh state (viewer closed, no decision in flight).
  return <TaskReviewScreen key={taskId} taskId={taskId} />;
}

function TaskReviewScreen({ taskId }: { taskId: string }) {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const searchText = filtersToSearch(filters).toString();
  const suffix = searchText ? `?${searchText}` : '';

  const review = useStaffQuery(taskReview, { params: { id: taskId } });
  const queue = useStaffQuery(reviewQueue, { query: filtersToQuery(filters, { limit: '200' }) });
  // The queue's order as it was when this task opened: after a decision the task leaves the
  // queue, and the next one is the one after it here.
  const queueIds = useMemo(() => (queue.data?.data ?? []).map((q) => q.id), [queue.data]);
  const next = nextInQueue(queueIds, taskId);
  const previous = previousInQueue(queueIds, taskId);
  const position = queueIds.indexOf(taskId);
  const queuePlace = position + 1;
  const queueCount = queue.data?.total ?? queueIds.length;

  const panel = useRef<DecisionPanelHandle>(null);
  const [decided, setDecided] = useState<string | null>(null);

  const location = useLocation();
  const saved = (location.state as { decided?: DecidedNote } | null)?.decided ?? null;

  const go = (id: string | null, state?: { decided: DecidedNote }) => {
    if (id) navigate(`/staff/review/${encodeURIComponent(id)}${suffix}`, state ? { state } : undefined);
  };

  const data = review.data;
  const awaiting = data?.status === 'awaiting_confirmation';

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A held key repeats: one decision or one step per press.
      if (notAShortcut(e) || e.repeat) return;
      const key = e.key.toLowerCase();
      if (key === 'j' || key === 'n') go(next);
      else if (key === 'k') go(previous);
      else if (key === 'a' && panel.current) panel.current.accept();
      else if (key === 'r' && panel.current) panel.current.reject();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const onDecided = (kind: DecisionKind) => {
    setDecided(taskId);
    const note: DecidedNote = { title: review.data?.title ?? taskId, kind };
    // The queue as loaded when this task opened (the decided task leaves it on the next load).
    const after = nextInQueue(queueIds, taskId);
    if (after) go(after, { decided: note });
    else navigate(`/staff/review${suffix}`, { state: { decided: note } });
  };

  const head = (
    <div className="review-head">
      <Link to={`/staff/review${suffix}`} className="btn btn-text">
        ← <Trans>Queue</Trans>
      </Link>
      <div className="review-nav">
        {position >= 0 && (
          <span className="muted">
            <Trans>
              {queuePlace} of {queueCount}
            </Trans>
          </span>
        )}
        <button type="button" className="btn btn-secondary" onClick={() => go(previous)} disabled={!previous} title={t`Previous task (K)`}>
          <Trans>Previous</Trans> <kbd>K</kbd>
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => go(next)} disabled={!next} title={t`Next task (J or N)`}>
          <Trans>Next</Trans> <kbd>J</kbd>
        </button>
      </div>
    </div>
  );

  if (review.loading && !data) {
    return (
      <div className="review-page">
        {head}
        <p className="review-state" role="status">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (review.error || !data) {
    return (
      <div className="review-page">
        {head}
        <Failure error={review.error} onRetry={review.reload} />
      </div>
    );
  }

  return (
    <div className="review-page">
      {head}
      {saved && <DecidedLine note={saved} />}
      <ReviewDetails
        data={data}
        linkSuffix={suffix}
        decision={
          awaiting && decided !== taskId ? (
            <DecisionPanel taskId={data.id} reward={data.money.reward} currencyCode={data.money.currencyCode} onDecided={onDecided} onStale={review.reload} ref={panel} />
          ) : undefined
        }
      />
    </div>
  );
}
