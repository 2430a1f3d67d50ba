/**
 * What of the reference content a viewer may see, decided here and nowhere else (spec section 6:
 * accounts awaiting approval cannot open NDA-protected trainings, and instructions need approval).
 * Every Task passes through toApiTask, every training through GET /api/training, and the task
 * type's photos through GET task/task_type/{id}/photos: all three ask these functions.
 */
export interface ContentViewer {
  isApproved: boolean;
}

/** The two shapes a task type takes; list responses cache one JSON text per task type and shape. */
export type TaskTypeShape = 'full' | 'unapproved';

export function taskTypeShape(viewer: ContentViewer): TaskTypeShape {
  return viewer.isApproved ? 'full' : 'unapproved';
}

/** A training's link, or '' when the viewer may not open it. */
export function trainingLinkFor(viewer: ContentViewer, training: { link_to_training: string; nda_protected: boolean }): string {
  return training.nda_protected && !viewer.isApproved ? '' : training.link_to_training;
}

/** The task type's full description (its instructions), or '' before approval. */
export function instructionsFor(viewer: ContentViewer, fullDescription: string): string {
  return viewer.isApproved ? fullDescription : '';
}

/** The task type's reference photos, or none when the type is NDA-protected and the viewer not approved. */
export function taskTypePhotosFor(viewer: ContentViewer, taskType: { nda_protected: boolean }, photos: string[]): string[] {
  return taskType.nda_protected && !viewer.isApproved ? [] : photos;
}
