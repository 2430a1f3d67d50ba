/**
 * /staff/review/:taskId: everything the tasker sent for one task, laid out for a reviewer at
 * 1280×800 — the photos (full size with zoom), the checklist with each item's state, the scans
 * against the product list (missing, unexpected and zero-facing rows marked), defects and
 * blockers, the completion comment, where and when the work started (distance to the store) and
 * whether it was delivered late, earlier tasks at the same store — and the decision. The queue's
 * filters ride along in the URL: J/N opens the next task of that queue, K the previous one, and a
 * decision moves on to the next task.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { reviewQueue, taskReview } from '#contracts/api/staffReview';
import { START_RADIUS_METERS } from '#domain/geo';
import { formatMoney } from '#domain/money';
import { useStaffQuery } from '../api';
import { DecisionPanel, type DecisionPanelHandle } from './DecisionPanel';
import { Failure } from './Failure';
import { PhotoViewer } from './PhotoViewer';
import { nextInQueue, previousInQueue } from './decision';
import { filtersFromSearch, filtersToQuery, filtersToSearch, formatDistance, formatWhen } from './format';
import { problemsFirst, scanRows, scanSummary, type ScanMark } from './scans';
import './review.css';

/** Typing in a field, or a key with a modifier, is never a shortcut. */
function isTyping(e: KeyboardEvent): boolean {
  const target = e.target as HTMLElement | null;
  const tag = target?.tagName;
  return e.ctrlKey || e.metaKey || e.altKey || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || Boolean(target?.isContentEditable);
}

export default function ReviewScreen() {
  const { taskId = '' } = useParams();
  // A new task starts with fresh state (viewer closed, no decision in flight).
  return <TaskReviewScreen key={taskId} taskId={taskId} />;
}

function TaskReviewScreen({ taskId }: { taskId: string }) {
  const { t, i18n } = useLingui();
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
  const queueCount = queueIds.length;

  const [viewer, setViewer] = useState<number | null>(null);
  const panel = useRef<DecisionPanelHandle>(null);
  const [decided, setDecided] = useState<string | null>(null);
  const [scanOrder, setScanOrder] = useState<'list' | 'problems'>('problems');

  const go = (id: string | null) => {
    if (id) navigate(`/staff/review/${encodeURIComponent(id)}${suffix}`);
  };

  const data = review.data;
  const awaiting = data?.status === 'awaiting_confirmation';

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (viewer !== null || isTyping(e)) return;
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

  const onDecided = () => {
    setDecided(taskId);
    // The queue as loaded when this task opened (the decided task leaves it on the next load).
    const after = nextInQueue(queueIds, taskId);
    if (after) go(after);
    else navigate(`/staff/review${suffix}`, { state: { reviewed: taskId } });
  };

  const tagLabel = (tag: string): string => {
    switch (tag) {
      case 'before':
        return t`Before`;
      case 'after':
        return t`After`;
      case 'out_of_stock':
        return t`Out of stock`;
      case 'defect':
        return t`Defect`;
      case 'task_blocker':
        return t`Blocker`;
      default:
        return tag;
    }
  };

  const statusLabel = (status: string): string => {
    switch (status) {
      case 'awaiting_confirmation':
        return t`Awaiting confirmation`;
      case 'accepted':
        return t`Accepted`;
      case 'rejected':
        return t`Rejected`;
      case 'expired':
        return t`Expired`;
      case 'in_progress':
        return t`In progress`;
      case 'reserved':
        return t`Reserved`;
      case 'available':
        return t`Available`;
      default:
        return status;
    }
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

  const photos = data.photos;
  const photoCount = photos.length;
  const defectCount = data.defects.length;
  const blockerCount = data.blockers.length;
  const rows = scanRows(data.products, data.unexpected);
  const summary = scanSummary(rows);
  const { scanned: scannedCount, listed: listedCount, missing: missingCount, zeroFacing: zeroCount, belowExpected: belowCount, unexpected: unexpectedCount } = summary;
  const shownRows = scanOrder === 'problems' ? problemsFirst(rows) : rows;
  const money = (amount: string) => formatMoney({ amount, currencyCode: data.money.currencyCode }, i18n.locale);
  const when = (iso: string | null) => formatWhen(iso, i18n.locale, data.country);
  const far = data.start.distanceMeters !== null && data.start.distanceMeters > START_RADIUS_METERS;
  const checklistDone = data.checklist.filter((c) => c.done).length;
  const distance = data.start.distanceMeters === null ? '' : formatDistance(data.start.distanceMeters, i18n.locale);
  const baseReward = money(data.money.baseReward);
  const bonusReward = data.money.bonusReward === null ? '' : money(data.money.bonusReward);
  const reducedReward = data.money.reducedReward === null ? '' : money(data.money.reducedReward);
  const checklistCount = data.checklist.length;
  const markLabel = (mark: ScanMark | null): string => {
    switch (mark) {
      case 'missing':
        return t`Missing`;
      case 'zero_facing':
        return t`Zero facings`;
      case 'below_expected':
        return t`Fewer facings than expected`;
      case 'unexpected':
        return t`Not on the list`;
      default:
        return t`OK`;
    }
  };

  return (
    <div className="review-page">
      {head}
      <div className="review-title">
        <h1>{data.title}</h1>
        <span className={`review-badge review-badge--${data.status}`}>{statusLabel(data.status)}</span>
        {data.late && (
          <span className="review-badge review-badge--late">
            <Trans>Delivered late</Trans>
          </span>
        )}
      </div>
      <p className="muted review-subtitle">
        {data.taskType.title} · {data.place.retailer.name} · {data.place.title}, {data.place.address}, {data.place.city} · {data.country}
      </p>

      <div className="review-layout">
        <div className="review-main">
          <section className="card review-section" aria-labelledby="rv-photos">
            <h2 id="rv-photos">
              <Trans>Photos ({photoCount})</Trans>
            </h2>
            {photos.length === 0 ? (
              <p className="muted">
                <Trans>No photos.</Trans>
              </p>
            ) : (
              <ul className="review-photos">
                {photos.map((p, i) => (
                  <li key={p.id}>
                    <button type="button" className="review-photo" onClick={() => setViewer(i)} aria-label={t`Open photo ${i + 1}`}>
                      {p.url ? (
                        <img src={p.url} alt={p.comment || t`Task photo`} loading="lazy" />
                      ) : (
                        <span className="muted">
                          <Trans>Not uploaded yet</Trans>
                        </span>
                      )}
                    </button>
                    <div className="review-photo__meta">
                      {p.tags.map((tag) => (
                        <span key={tag} className="chip">
                          {tagLabel(tag)}
                        </span>
                      ))}
                      {p.comment && <span className="review-photo__comment">{p.comment}</span>}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="card review-section" aria-labelledby="rv-checklist">
            <h2 id="rv-checklist">
              <Trans>
                Checklist ({checklistDone} of {checklistCount} done)
              </Trans>
            </h2>
            <ol className="review-checklist">
              {data.checklist.map((item) => (
                <li key={item.id} className={item.done ? 'is-done' : 'is-open'}>
                  <span className="review-checklist__state" aria-hidden="true">
                    {item.done ? '✓' : '○'}
                  </span>
                  <span>
                    <span className="review-checklist__title">{item.title}</span>
                    {item.isOptional && (
                      <span className="muted">
                        {' '}
                        (<Trans>optional</Trans>)
                      </span>
                    )}
                    <span className="visually-hidden">{item.done ? t`done` : t`not done`}</span>
                    {item.description && <span className="muted review-checklist__desc">{item.description}</span>}
                  </span>
                </li>
              ))}
            </ol>
          </section>

          <section className="card review-section" aria-labelledby="rv-scans">
            <div className="review-section__head">
              <h2 id="rv-scans">
                <Trans>Products and scans</Trans>
              </h2>
              {rows.length > 0 && (
                <label className="review-inline">
                  <input type="checkbox" checked={scanOrder === 'problems'} onChange={(e) => setScanOrder(e.target.checked ? 'problems' : 'list')} />
                  <Trans>Problems first</Trans>
                </label>
              )}
            </div>
            <p className="review-scan-summary">
              <Trans>
                {scannedCount} of {listedCount} listed products scanned
              </Trans>
              {summary.missing > 0 && (
                <span className="review-mark review-mark--missing">
                  <Trans>{missingCount} missing</Trans>
                </span>
              )}
              {summary.zeroFacing > 0 && (
                <span className="review-mark review-mark--zero_facing">
                  <Trans>{zeroCount} with zero facings</Trans>
                </span>
              )}
              {summary.belowExpected > 0 && (
                <span className="review-mark review-mark--below_expected">
                  <Trans>{belowCount} below the expected facings</Trans>
                </span>
              )}
              {summary.unexpected > 0 && (
                <span className="review-mark review-mark--unexpected">
                  <Trans>{unexpectedCount} not on the list</Trans>
                </span>
              )}
            </p>
            {rows.length === 0 ? (
              <p className="muted">
                <Trans>This task has no product list and nothing was scanned.</Trans>
              </p>
            ) : (
              <div className="review-table-wrap">
                <table className="review-table">
                  <thead>
                    <tr>
                      <th scope="col">EAN</th>
                      <th scope="col">
                        <Trans>Product</Trans>
                      </th>
                      <th scope="col" className="num">
                        <Trans>Expected</Trans>
                      </th>
                      <th scope="col" className="num">
                        <Trans>Facings</Trans>
                      </th>
                      <th scope="col">
                        <Trans>State</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shownRows.map((row) => (
                      <tr key={`${row.onList ? 'l' : 'u'}:${row.ean}`} className={row.mark ? `is-${row.mark}` : undefined}>
                        <td>
                          <code>{row.ean}</code>
                        </td>
                        <td>
                          {row.name ?? <span className="muted">{t`Unknown product`}</span>}
                          {row.brand && <span className="muted"> · {row.brand}</span>}
                        </td>
                        <td className="num">{row.expectedFacings ?? '—'}</td>
                        <td className="num">{row.facings ?? '—'}</td>
                        <td>
                          <span className={`review-mark review-mark--${row.mark ?? 'ok'}`}>{markLabel(row.mark)}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section className="card review-section" aria-labelledby="rv-defects">
            <h2 id="rv-defects">
              <Trans>Defects and blockers</Trans>
            </h2>
            <div className="review-two">
              <div>
                <h3>
                  <Trans>Defects ({defectCount})</Trans>
                </h3>
                {data.defects.length === 0 ? (
                  <p className="muted">
                    <Trans>None reported.</Trans>
                  </p>
                ) : (
                  <ul className="review-list">
                    {data.defects.map((d) => (
                      <li key={d.id}>{d.name}</li>
                    ))}
                  </ul>
                )}
              </div>
              <div>
                <h3>
                  <Trans>Blockers ({blockerCount})</Trans>
                </h3>
                {data.blockers.length === 0 ? (
                  <p className="muted">
                    <Trans>None reported.</Trans>
                  </p>
                ) : (
                  <ul className="review-list review-list--blockers">
                    {data.blockers.map((d) => (
                      <li key={d.id}>{d.name}</li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          </section>
        </div>

        <aside className="review-aside">
          <section className="card review-section" aria-labelledby="rv-facts">
            <h2 id="rv-facts" className="visually-hidden">
              <Trans>Task</Trans>
            </h2>
            <dl className="review-facts">
              <dt>
                <Trans>Tasker</Trans>
              </dt>
              <dd>{data.tasker ? `${data.tasker.name} (${data.tasker.email})` : '—'}</dd>
              <dt>
                <Trans>Window</Trans>
              </dt>
              <dd>
                {when(data.timeWindowStart)} – {when(data.timeWindowEnd)}
              </dd>
              <dt>
                <Trans>Started</Trans>
              </dt>
              <dd>
                {when(data.start.at)}
                {data.start.distanceMeters !== null ? (
                  <span className={far ? 'review-warn' : 'muted'}>
                    {' · '}
                    <Trans>{distance} from the store</Trans>
                  </span>
                ) : data.start.at ? (
                  <span className="muted">
                    {' · '}
                    <Trans>no position</Trans>
                  </span>
                ) : null}
              </dd>
              <dt>
                <Trans>Finished</Trans>
              </dt>
              <dd>{when(data.finishedAt)}</dd>
              <dt>
                <Trans>Received</Trans>
              </dt>
              <dd className={data.late ? 'review-warn' : undefined}>
                {when(data.deliveredAt)}
                {data.late && (
                  <>
                    {' · '}
                    <Trans>after the window ended</Trans>
                  </>
                )}
              </dd>
              <dt>
                <Trans>Reward</Trans>
              </dt>
              <dd>
                {money(data.money.reward)}
                {data.money.bonusReward && (
                  <span className="muted">
                    {' '}
                    <Trans>
                      (base {baseReward}, bonus {bonusReward})
                    </Trans>
                  </span>
                )}
              </dd>
            </dl>
          </section>

          <section className="card review-section" aria-labelledby="rv-completion">
            <h2 id="rv-completion">
              <Trans>Completion</Trans>
            </h2>
            {data.completion ? (
              <>
                <p>
                  {data.completion.outcome === 'complete' ? (
                    <Trans>Completed</Trans>
                  ) : data.completion.outcome === 'incomplete' ? (
                    <strong className="review-warn">
                      <Trans>Finished incomplete</Trans>
                    </strong>
                  ) : (
                    <strong className="review-warn">
                      <Trans>Blocked</Trans>
                    </strong>
                  )}
                </p>
                {data.completion.reason && (
                  <p>
                    <Trans>Why incomplete:</Trans> {data.completion.reason}
                  </p>
                )}
                <blockquote className="review-quote">{data.completion.taskerComment ?? <span className="muted">{t`No comment from the tasker.`}</span>}</blockquote>
              </>
            ) : (
              <p className="muted">
                <Trans>Not completed.</Trans>
              </p>
            )}
            {data.descriptiveComment && (
              <p className="muted">
                <Trans>Asked for:</Trans> {data.descriptiveComment}
              </p>
            )}
          </section>

          {awaiting && decided !== taskId ? (
            <DecisionPanel taskId={data.id} reward={data.money.reward} currencyCode={data.money.currencyCode} onDecided={onDecided} ref={panel} />
          ) : data.outcome ? (
            <section className="card review-section" aria-labelledby="rv-outcome">
              <h2 id="rv-outcome">
                <Trans>Outcome</Trans>
              </h2>
              <p>
                <span className={`review-badge review-badge--${data.outcome.status}`}>{statusLabel(data.outcome.status)}</span>{' '}
                {data.money.reducedReward !== null && (
                  <Trans>reduced reward {reducedReward}</Trans>
                )}
              </p>
              {data.outcome.resultComment && <blockquote className="review-quote">{data.outcome.resultComment}</blockquote>}
              <p className="muted">
                {when(data.outcome.decidedAt)}
                {data.outcome.decidedBy && <> · {data.outcome.decidedBy}</>}
              </p>
            </section>
          ) : null}

          <section className="card review-section" aria-labelledby="rv-earlier">
            <h2 id="rv-earlier">
              <Trans>Earlier at this store</Trans>
            </h2>
            {data.earlier.length === 0 ? (
              <p className="muted">
                <Trans>No earlier tasks here.</Trans>
              </p>
            ) : (
              <ul className="review-earlier">
                {data.earlier.map((e) => (
                  <li key={e.id}>
                    <Link to={`/staff/review/${encodeURIComponent(e.id)}${suffix}`}>{when(e.finishedAt)}</Link>{' '}
                    <span className={`review-badge review-badge--${e.status}`}>{statusLabel(e.status)}</span>
                    <div className="muted">
                      {e.title} · {e.tasker?.name ?? '—'} · <Plural value={e.photos} one="# photo" other="# photos" />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>

      {viewer !== null && <PhotoViewer photos={photos} index={viewer} onIndex={setViewer} onClose={() => setViewer(null)} tagLabel={tagLabel} />}
    </div>
  );
}
