/**
 * The work of a task in history (spec section 2: "SKUs entered versus matching products, defects
 * and photos"): the task's products with the facings the tasker entered (or 'not entered'), SKUs
 * entered that match no product, the defects logged, and the photos (read-only). Pulled once when
 * the view opens (the task pack's calls; kept in the mirror, so it shows offline once seen).
 *
 * Spec section 7's stored key: `hasDefects:{taskId}` in local storage says whether the task has
 * logged defects while the historical task is open; it is removed on leaving the view.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { TaskRow } from '#db/schema';
import { usePhotos, useProducts, useScannedItems, useTaskDefects, usePullTaskPack, PhotoCollection } from '../execution';
import { DetailSection } from '#ui/DetailSection';
import { Spinner } from '#ui/Spinner';
import { skuComparison } from './skuComparison';
import './taskExtras.css';

export const hasDefectsKey = (taskId: string) => `hasDefects:${taskId}`;

function useHasDefectsKey(taskId: string, hasDefects: boolean | undefined): void {
  useEffect(() => {
    if (hasDefects === undefined) return;
    try {
      localStorage.setItem(hasDefectsKey(taskId), String(hasDefects));
    } catch {
      // storage unavailable (private mode): the key is advisory
    }
  }, [taskId, hasDefects]);
  useEffect(
    () => () => {
      try {
        localStorage.removeItem(hasDefectsKey(taskId));
      } catch {
        // as above
      }
    },
    [taskId],
  );
}

export function HistoryWorkDetails({ task }: { task: TaskRow }) {
  const { t } = useLingui();
  const pullTaskPack = usePullTaskPack();
  const products = useProducts(task.id);
  const scans = useScannedItems(task.id);
  const defects = useTaskDefects(task.id);
  const photos = usePhotos(task.id);
  const logged = defects?.filter((d) => d.checked);
  useHasDefectsKey(task.id, logged === undefined ? undefined : logged.length > 0);

  useEffect(() => {
    void pullTaskPack(task.id);
  }, [pullTaskPack, task.id]);

  const rows = products && scans ? skuComparison(products, scans) : null;
  const shownPhotos = photos?.filter((p) => !p.deleted);
  return (
    <>
      <DetailSection title={<Trans>SKUs</Trans>}>
        {rows === null ? (
          <Spinner />
        ) : rows.matched.length === 0 && rows.unmatched.length === 0 ? (
          <p className="muted">
            <Trans>No SKUs for this task.</Trans>
          </p>
        ) : (
          <table className="history-skus">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Facings entered</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.matched.map((row) => (
                <tr key={row.ean}>
                  <td>
                    <span>{row.name}</span>
                    <span className="muted history-skus__ean">{row.ean}</span>
                  </td>
                  <td>{row.facings === null ? <span className="muted">{t`Not entered`}</span> : row.facings}</td>
                </tr>
              ))}
              {rows.unmatched.map((row) => (
                <tr key={`x-${row.ean}`}>
                  <td>
                    <span className="muted">
                      <Trans>Not in the task's products</Trans>
                    </span>
                    <span className="muted history-skus__ean">{row.ean}</span>
                  </td>
                  <td>{row.facings}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {rows && rows.matched.length > 0 && (
          <p className="muted history-skus__summary">
            <Trans>
              {rows.entered} of {rows.matched.length} products entered
            </Trans>
          </p>
        )}
      </DetailSection>

      <DetailSection title={<Trans>Defects</Trans>}>
        {logged === undefined ? (
          <Spinner />
        ) : logged.length === 0 ? (
          <p className="muted">
            <Trans>No defects were logged.</Trans>
          </p>
        ) : (
          <ul className="history-defects">
            {logged.map((d) => (
              <li key={d.id}>{d.name}</li>
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection title={<Trans>Photos</Trans>}>
        {shownPhotos === undefined ? (
          <Spinner />
        ) : shownPhotos.length === 0 ? (
          <p className="muted">
            <Trans>No photos.</Trans>
          </p>
        ) : (
          <PhotoCollection taskId={task.id} photos={shownPhotos} groupByTag={false} readOnly />
        )}
      </DetailSection>
    </>
  );
}
