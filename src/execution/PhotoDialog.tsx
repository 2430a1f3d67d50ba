/**
 * The photo preview popup (spec section 2, Camera): a new photo with a comment to save (or
 * discard), or a saved one whose comment can be updated and which can be deleted after a
 * confirmation. Review mode shows the photo and its comment only. The comment being typed is kept
 * as a draft in the mirror (`draftKey`, src/shared/drafts.ts), so closing the popup, going to the
 * camera, a reload or a closed app loses nothing: it comes back when the popup opens again. The
 * caller drops the draft once the comment is saved or the photo is discarded or deleted.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { PhotoRow } from '#db/schema';
import { ConfirmDialog } from '#ui/ConfirmDialog';
import { Dialog } from '#ui/Dialog';
import { TextField } from '#ui/TextField';
import { saveDraft, useDraft } from '../shared/drafts';
import { PhotoImage } from './PhotoImage';

/** The draft of a saved photo's comment. */
export function photoCommentDraftKey(photoId: string): string {
  return `photo-comment:${photoId}`;
}

/**
 * The draft of the comment of a task's new photo, not saved yet (its JPEG is in memory only): a
 * reload loses the photo, and the comment comes back with the next one.
 */
export function newPhotoCommentDraftKey(taskId: string): string {
  return `photo-comment:new:${taskId}`;
}

export type PhotoDialogSubject =
  | { kind: 'new'; blob: Blob }
  | { kind: 'saved'; photo: PhotoRow };

export interface PhotoDialogProps {
  subject: PhotoDialogSubject;
  /** Where the comment being typed is kept (photoCommentDraftKey, newPhotoCommentDraftKey). */
  draftKey: string;
  readOnly: boolean;
  busy: boolean;
  onSave: (comment: string) => void;
  onDelete: () => void;
  onClose: () => void;
  /** Advice shown above the new photo (the quality check's 'looks blurry — retake?'). */
  notice?: ReactNode;
}

export function PhotoDialog({ subject, draftKey, readOnly, busy, onSave, onDelete, onClose, notice }: PhotoDialogProps) {
  const { t } = useLingui();
  const initial = subject.kind === 'saved' ? subject.photo.comment : '';
  // What the tasker typed, else the draft kept from before, else the mirror's comment (a change
  // saved meanwhile, e.g. in another tab, shows instead of going back with an untouched field).
  const [typed, setTyped] = useState<string | null>(null);
  const kept = useDraft<unknown>(draftKey);
  const comment = typed ?? (typeof kept?.values === 'string' ? kept.values : initial);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const photo = subject.kind === 'saved' ? subject.photo : { blob: subject.blob, url: null, uploadState: 'local' as const };
  const isNew = subject.kind === 'new';

  return (
    <>
      <Dialog
        open={!confirmDelete}
        onClose={onClose}
        title={isNew ? <Trans>New photo</Trans> : <Trans>Photo</Trans>}
        actions={
          readOnly ? null : (
            <>
              {isNew ? (
                <button type="button" className="btn btn-text" onClick={onClose} disabled={busy}>
                  <Trans>Discard</Trans>
                </button>
              ) : (
                <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)} disabled={busy}>
                  <Trans>Delete</Trans>
                </button>
              )}
              <button type="button" className="btn" onClick={() => onSave(comment.trim())} disabled={busy || (!isNew && comment.trim() === initial.trim())}>
                {isNew ? <Trans>Save photo</Trans> : <Trans>Update comment</Trans>}
              </button>
            </>
          )
        }
      >
        <div className="photo-preview stack">
          {notice}
          <PhotoImage photo={photo} alt={t`Photo preview`} />
          {readOnly ? (
            initial ? <p>{initial}</p> : null
          ) : (
            <TextField
              multiline
              id="photo-comment"
              label={<Trans>Comment (optional)</Trans>}
              rows={4}
              value={comment}
              onChange={(e) => {
                setTyped(e.target.value);
                void saveDraft(draftKey, e.target.value);
              }}
              maxLength={1000}
            />
          )}
        </div>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        title={<Trans>Delete this photo?</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onConfirm={() => {
          setConfirmDelete(false);
          onDelete();
        }}
        onClose={() => setConfirmDelete(false)}
      >
        <p>
          <Trans>The photo will be removed from this task.</Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}
