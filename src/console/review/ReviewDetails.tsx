/**
 * What the tasker sent for one task, laid out for a reviewer: the title with its status and late
 * badges; on the left the photos (opening the full-size viewer), the checklist with each item's
 * state, the scans against the product list with missing, zero-facing, below-expected and
 * unexpected rows marked, defects and blockers; on the right the facts (tasker, window, start
 * time and distance to the store, finish and delivery), the completion, the decision slot (the
 * outcome once decided) and earlier tasks at the store. No data fetching: the screen hands it the
 * review, so it renders the same in a test.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AnswerOf } from '#contracts/api/client';
import type { taskReview } from '#contracts/api/staffReview';
import { START_RADIUS_METERS } from '#domain/geo';
import { formatMoney } from '#domain/money';
import { PhotoViewer } from './PhotoViewer';
import { formatDistance, formatWhen } from './format';
import { problemsFirst, scanRows, scanSummary, type ScanMark } from './scans';

export type Review = AnswerOf<typeof taskReview>;

export function ReviewDetails({ data, decision, linkSuffix = '' }: {
  data: Review;
  /** The decision panel while the task awaits one; without it the outcome is shown (when decided). */
  decision?: ReactNode;
  /** The queue's filters (`?…`) carried by links to other reviews. */
  linkSuffix?: string;
}) {
  const { t, i18n } = useLingui();
  const [viewer, setViewer] = useState<number | null>(null);
  const [scanOrder, setScanOrder] = useState<'list' | 'problems'>('problems');
  const suffix = linkSuffix;

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
    <>
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
                {photos.map((p, i) => {
                  const number = i + 1;
                  return (
                  <li key={p.id}>
                    <button type="button" className="review-photo" onClick={() => setViewer(i)} aria-label={t`Open photo ${number}`}>
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
                  );
                })}
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
                    {far ? <Trans>{distance} from the store, outside the start radius</Trans> : <Trans>{distance} from the store</Trans>}
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

          {decision ?? (data.outcome ? (
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
          ) : null)}

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
    </>
  );
}
