/**
 * /history (spec section 2): four cards — accepted, rejected, expired, awaiting confirmation —
 * each with its 2 newest tasks and a link to the full list. Reads the mirror; while open the
 * sync worker keeps the four history statuses fresh.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { HISTORY_STATUSES, type TaskStatus } from '#domain/types';
import { useSyncMeta } from '../sync/hooks';
import { useTasksByStatus, watchCollections } from '../tasks';
import { FreshnessLine } from '../shared/FreshnessLine';
import { historyCards } from './historyGroups';
import { useHistoryStatusLabels } from './historyLabels';
import { HistoryTaskCard } from './HistoryTaskCard';
import './HistoryScreen.css';

const STATUSES: readonly TaskStatus[] = HISTORY_STATUSES;

export function HistoryScreen() {
  const rows = useTasksByStatus(STATUSES);
  const labels = useHistoryStatusLabels();
  const meta = useSyncMeta('tasks:accepted');
  const cards = useMemo(() => (rows ? historyCards(rows) : null), [rows]);

  useEffect(() => {
    void watchCollections({ statuses: [...HISTORY_STATUSES] });
  }, []);

  return (
    <div className="history-screen">
      <FreshnessLine meta={meta} />
      {cards === null ? (
        <div className="spinner" role="status" aria-label="…" />
      ) : (
        cards.map((card) => {
          const label = labels[card.status];
          return (
            <section key={card.status} className={`card history-status-card history-status-card--${card.status}`} aria-labelledby={`history-${card.status}`}>
              <h2 className="history-status-card__title" id={`history-${card.status}`}>
                {label}
              </h2>
              {card.tasks.length === 0 ? (
                <p className="muted history-status-card__empty">
                  <Trans>No tasks here yet.</Trans>
                </p>
              ) : (
                <ul className="history-list">
                  {card.tasks.map((task) => (
                    <li key={task.id}>
                      <HistoryTaskCard task={task} />
                    </li>
                  ))}
                </ul>
              )}
              <Link className="btn btn-text history-status-card__more" to={`/history/${card.status}`}>
                <Trans>See all: {label}</Trans>
              </Link>
            </section>
          );
        })
      )}
    </div>
  );
}
