/**
 * A grid of task photos with their upload state in words ('Waiting' until the server has the
 * file, 'Uploaded' after) and the comment clamped to 4 lines (spec section 9). Tapping opens
 * the preview.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { PhotoRow } from '#db/schema';
import { PhotoImage } from './PhotoImage';

export function PhotoGrid({ photos, onOpen }: { photos: readonly PhotoRow[]; onOpen: (photo: PhotoRow) => void }) {
  const { t } = useLingui();
  return (
    <ul className="photo-grid">
      {photos.map((photo, i) => {
        const n = i + 1;
        // No local JPEG left means the server confirmed the file (the blob is dropped only then).
        const uploaded = photo.uploadState === 'uploaded' || photo.blob === null;
        return (
          <li key={photo.id}>
            <button type="button" className="photo-tile" onClick={() => onOpen(photo)} aria-label={t`Photo ${n}`}>
              <PhotoImage photo={photo} alt="" />
              <span className={uploaded ? 'photo-tile__badge is-uploaded' : 'photo-tile__badge'}>
                {uploaded ? <Trans>Uploaded</Trans> : <Trans>Waiting</Trans>}
              </span>
              {photo.comment ? <span className="photo-tile__comment">{photo.comment}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
