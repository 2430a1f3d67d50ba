/**
 * The photos of a camera or review screen with their preview popup: a flat grid, or grouped by
 * tag in the embedded view (spec section 2). Comment updates and deletions queue offline; a
 * comment being typed is kept as a draft until it is saved or the photo deleted (PhotoDialog).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PhotoRow } from '#db/schema';
import { showToast } from '#ui/toastStore';
import { clearDraft } from '../shared/drafts';
import { useDeletePhotos, useUpdatePhotoComment } from './mutations';
import { errorMessage } from '../i18n/errorMessages';
import { PhotoDialog, photoCommentDraftKey } from './PhotoDialog';
import { PhotoGrid } from './PhotoGrid';
import { groupPhotosByTag } from './photoTags';
import { usePhotoTagLabels } from './usePhotoTagLabels';

export interface PhotoCollectionProps {
  taskId: string;
  photos: readonly PhotoRow[];
  groupByTag: boolean;
  readOnly: boolean;
}

export function PhotoCollection({ taskId, photos, groupByTag, readOnly }: PhotoCollectionProps) {
  const { t } = useLingui();
  const labels = usePhotoTagLabels();
  const updatePhotoComment = useUpdatePhotoComment();
  const deletePhotos = useDeletePhotos();
  const [openId, setOpenId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = photos.find((p) => p.id === openId) ?? null;

  if (photos.length === 0) {
    return (
      <p className="muted">
        <Trans>No photos yet.</Trans>
      </p>
    );
  }

  const save = async (comment: string) => {
    if (!open) return;
    setBusy(true);
    const result = await updatePhotoComment(taskId, open.id, comment);
    setBusy(false);
    if (!result.ok) showToast({ kind: 'error', message: errorMessage('photoUpdate', result.error) });
    else {
      await clearDraft(photoCommentDraftKey(open.id));
      setOpenId(null);
    }
  };
  const remove = async () => {
    if (!open) return;
    setBusy(true);
    const result = await deletePhotos(taskId, [open.id]);
    setBusy(false);
    if (!result.ok) showToast({ kind: 'error', message: errorMessage('photoDelete', result.error) });
    else await clearDraft(photoCommentDraftKey(open.id));
    setOpenId(null);
  };

  return (
    <>
      {groupByTag ? (
        groupPhotosByTag(photos).map((group) => (
          <section key={group.tag ?? 'untagged'} className="photo-group">
            <h2>{group.tag ? labels[group.tag] : t`Other photos`}</h2>
            <PhotoGrid photos={group.photos} onOpen={(p) => setOpenId(p.id)} />
          </section>
        ))
      ) : (
        <PhotoGrid photos={photos} onOpen={(p) => setOpenId(p.id)} />
      )}
      {open ? (
        <PhotoDialog
          key={open.id}
          subject={{ kind: 'saved', photo: open }}
          draftKey={photoCommentDraftKey(open.id)}
          readOnly={readOnly}
          busy={busy}
          onSave={(comment) => void save(comment)}
          onDelete={() => void remove()}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </>
  );
}
