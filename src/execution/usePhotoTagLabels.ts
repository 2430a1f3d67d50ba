/** The tasker's words for photo tags (re-evaluated on a language switch). */
import { useLingui } from '@lingui/react/macro';
import type { PhotoTag } from '#domain/types';

export function usePhotoTagLabels(): Record<PhotoTag, string> {
  const { t } = useLingui();
  return {
    before: t`Before`,
    after: t`After`,
    out_of_stock: t`Out of stock`,
    defect: t`Defect`,
    task_blocker: t`Task blocker`,
  };
}
