/**
 * A task photo full size, over the review: zoom in and out (buttons, + and −, a click toggles 2×;
 * the zoomed photo scrolls to pan), the previous and next photo (buttons, ← and →), Esc or the
 * close button closes and gives the focus back to what opened it. The photo's tags and comment
 * are shown under it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { AnswerOf } from '#contracts/api/client';
import type { taskReview } from '#contracts/api/staffReview';

type ReviewPhoto = AnswerOf<typeof taskReview>['photos'][number];

const ZOOMS = [1, 1.5, 2, 3, 4] as const;

export function PhotoViewer({ photos, index, onIndex, onClose, tagLabel }: {
  photos: readonly ReviewPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  tagLabel: (tag: string) => string;
}) {
  const { t } = useLingui();
  const [zoom, setZoom] = useState(0);
  const dialog = useRef<HTMLDivElement>(null);
  const photo = photos[index];
  const count = photos.length;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    return () => opener?.focus?.();
  }, []);

  const move = (step: number) => {
    if (count < 2) return;
    setZoom(0);
    onIndex((index + step + count) % count);
  };
  const zoomBy = (step: number) => setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + step)));

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowRight') move(1);
    else if (e.key === 'ArrowLeft') move(-1);
    else if (e.key === '+' || e.key === '=') zoomBy(1);
    else if (e.key === '-') zoomBy(-1);
    else if (e.key === '0') setZoom(0);
    else if (e.key === 'Tab') {
      // Keep the focus inside the viewer while it is open.
      const focusable = dialog.current?.querySelectorAll<HTMLElement>('button');
      if (!focusable || focusable.length === 0) return;
      const first = focusable[0] as HTMLElement;
      const last = focusable[focusable.length - 1] as HTMLElement;
      if (e.shiftKey && document.activeElement === first) {
        last.focus();
        e.preventDefault();
      } else if (!e.shiftKey && document.activeElement === last) {
        first.focus();
        e.preventDefault();
      }
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  if (!photo) return null;
  const scale = ZOOMS[zoom] ?? 1;
  const number = index + 1;
  return (
    <div className="review-viewer" role="dialog" aria-modal="true" aria-label={t`Photo ${number} of ${count}`} tabIndex={-1} ref={dialog} onKeyDown={onKeyDown}>
      <div className="review-viewer__bar">
        <span>
          <Trans>
            Photo {number} of {count}
          </Trans>
        </span>
        <span className="review-viewer__tools">
          <button type="button" className="btn btn-secondary" onClick={() => zoomBy(-1)} disabled={zoom === 0} aria-label={t`Zoom out`}>
            −
          </button>
          <span aria-live="polite">{Math.round(scale * 100)} %</span>
          <button type="button" className="btn btn-secondary" onClick={() => zoomBy(1)} disabled={zoom === ZOOMS.length - 1} aria-label={t`Zoom in`}>
            +
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => move(-1)} disabled={count < 2} aria-label={t`Previous photo`}>
            ←
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => move(1)} disabled={count < 2} aria-label={t`Next photo`}>
            →
          </button>
          <button type="button" className="btn" onClick={onClose}>
            <Trans>Close (Esc)</Trans>
          </button>
        </span>
      </div>
      <div className={`review-viewer__stage${zoom > 0 ? ' is-zoomed' : ''}`}>
        {photo.url ? (
          <img
            src={photo.url}
            alt={photo.comment || t`Task photo`}
            style={zoom > 0 ? { width: `${scale * 100}%`, maxWidth: 'none', maxHeight: 'none' } : undefined}
            onClick={() => setZoom((z) => (z === 0 ? 2 : 0))}
          />
        ) : (
          <p className="muted">
            <Trans>The file of this photo has not been uploaded yet.</Trans>
          </p>
        )}
      </div>
      <div className="review-viewer__caption">
        {photo.tags.map((tag) => (
          <span key={tag} className="chip">
            {tagLabel(tag)}
          </span>
        ))}
        <span>{photo.comment}</span>
      </div>
    </div>
  );
}
