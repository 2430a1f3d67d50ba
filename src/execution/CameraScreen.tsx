/**
 * /task/{taskId}/camera/ (spec section 2): take a photo with the live camera or upload one from
 * the gallery, then save it with a comment; the task's photos (those with the screen's tags,
 * from `?tags=`) below, each with its preview popup. Title from `?title=`. `?isReviewMode` hides
 * the capture buttons; the embedded view groups the photos by tag. Everything works offline:
 * the JPEG is stored in the mirror and uploaded by the sync worker when there is a signal.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import { useEmbeddedView } from '../shared/useEmbeddedView';
import { usePhotos } from './queries';
import { showToast } from '#ui/toastStore';
import { clearDraft } from '../shared/drafts';
import { Spinner } from '#ui/Spinner';
import { CameraPreview } from './CameraPreview';
import { useAddPhoto } from './mutations';
import { errorMessage } from '../i18n/errorMessages';
import { imageErrorMessage } from './errors';
import { ExecutionGate } from './ExecutionGate';
import { PhotoCollection } from './PhotoCollection';
import { newPhotoCommentDraftKey, PhotoDialog } from './PhotoDialog';
import { prepareCameraFrame, preparePhotoFile, type PreparedPhoto } from './photos/preparePhoto';
import { photoVerdict } from './photos/quality';
import { PhotoQualityNotice } from './PhotoQualityNotice';
import type { PhotoVerdict } from '#domain/photoQuality';
import { MandatoryPhotoNote } from './MandatoryPhotoNote';
import { parseTags, photosWithTags } from './photoTags';
import { useExecutionTask } from './useExecutionTask';
import '../ui/workPage.css';
import './execution.css';

type Pending = Extract<PreparedPhoto, { ok: true }>;

const flag = (value: string | null) => value !== null && value !== 'false' && value !== '0';

export function CameraScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  return <Camera key={taskId} taskId={taskId} />;
}

function Camera({ taskId }: { taskId: string }) {
  const { t } = useLingui();
  const addPhoto = useAddPhoto();
  const [params] = useSearchParams();
  const tags = parseTags(params.get('tags'));
  const title = params.get('title')?.trim() || null;
  useScreenTitle(title ?? t`Photos`);
  const embedded = useEmbeddedView();
  const task = useExecutionTask(taskId);
  const photos = usePhotos(taskId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  // The quality advice of the pending photo (measured off the main thread; never blocks saving).
  const [quality, setQuality] = useState<{ blob: Blob; verdict: PhotoVerdict } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  // Photos belong to the work: once the task left "in progress" they can only be looked at.
  const readOnly = task.status !== 'in_progress';
  // Review mode hides the capture buttons only (spec section 2); comments stay editable.
  const reviewMode = flag(params.get('isReviewMode')) || readOnly;
  const shown = photos ? photosWithTags(photos, tags) : undefined;

  const accept = (prepared: PreparedPhoto) => {
    if (prepared.ok) {
      setPending(prepared);
      void photoVerdict(prepared.blob).then((verdict) => setQuality({ blob: prepared.blob, verdict }));
    }
    else showToast({ kind: 'error', message: imageErrorMessage(prepared.code) });
  };
  const capture = async (video: HTMLVideoElement) => {
    setBusy(true);
    accept(await prepareCameraFrame(video));
    setBusy(false);
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    accept(await preparePhotoFile(file));
    setBusy(false);
    if (fileInput.current) fileInput.current.value = '';
  };
  // The new photo is saved or discarded, and its comment's draft with it (a retake keeps the comment for the next shot).
  const discard = () => {
    setPending(null);
    void clearDraft(newPhotoCommentDraftKey(taskId));
  };
  const save = async (comment: string) => {
    if (!pending) return;
    setBusy(true);
    const result = await addPhoto(taskId, { id: crypto.randomUUID(), blob: pending.blob, width: pending.width, height: pending.height, comment, tags });
    setBusy(false);
    if (result.ok) discard();
    else showToast({ kind: 'error', message: errorMessage('photoSave', result.error), durationMs: 5000 });
  };

  return (
    <div className="exec-page">
      {!reviewMode ? (
        <>
          <CameraPreview busy={busy} onCapture={(video) => void capture(video)} />
          <div className="camera-actions">
            <label className="btn btn-secondary">
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/*"
                hidden
                onChange={(event) => void pick(event.target.files?.[0])}
                aria-label={t`Upload from gallery`}
              />
              <Trans>Upload from gallery</Trans>
            </label>
            {busy ? <Spinner /> : null}
          </div>
        </>
      ) : null}
      {flag(params.get('isMandatory')) && !reviewMode && shown !== undefined ? <MandatoryPhotoNote count={shown.length} /> : null}
      <section className="exec-section" aria-label={t`Photos`}>
        {shown === undefined ? <Spinner /> : <PhotoCollection taskId={taskId} photos={shown} groupByTag={embedded} readOnly={readOnly} />}
      </section>
      {pending ? (
        <PhotoDialog
          subject={{ kind: 'new', blob: pending.blob }}
          draftKey={newPhotoCommentDraftKey(taskId)}
          readOnly={false}
          busy={busy}
          onSave={(comment) => void save(comment)}
          notice={quality && quality.blob === pending.blob && quality.verdict ? <PhotoQualityNotice verdict={quality.verdict} onRetake={() => setPending(null)} /> : null}
          onDelete={discard}
          onClose={discard}
        />
      ) : null}
    </div>
  );
}
