/**
 * One checklist item (spec section 3): its title (or override), description, 'optional' mark,
 * a tick, and the action of its type — camera (with tags and title), scanner, defects, link
 * (opened safely in a new tab) or none for plain items. Auto-toggle items have no tick: their
 * state follows the recorded work. The action says the app's word for the item's type, in the
 * tasker's language; words a task's author wrote into the metadata (buttonTitle, doneTitle,
 * ctaTitle, in the task's language) replace it. The built-in checklists write none.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router';
import type { ChecklistItemRow } from '#db/schema';
import { Icon } from '#ui/Icon';
import { cameraPath, executionPath, itemTitle, linkTarget } from './checklist';
import { useRouteExists } from './useRouteExists';

export interface ChecklistItemViewProps {
  taskId: string;
  item: ChecklistItemRow;
  done: boolean;
  auto: boolean;
  onToggle: (done: boolean) => void;
}

export function ChecklistItemView({ taskId, item, done, auto, onToggle }: ChecklistItemViewProps) {
  const { t } = useLingui();
  const id = useId();
  const title = itemTitle(item);
  const scannerPath = executionPath(taskId, 'skus');
  const scannerReady = useRouteExists(scannerPath);
  const href = item.type === 'link' ? linkTarget(item) : null;
  const buttonTitle = item.metadata.buttonTitle?.trim() || null;
  const doneTitle = item.metadata.doneTitle?.trim() || null;
  const ctaTitle = item.metadata.ctaTitle?.trim() || null;
  const actionLabel = (fallback: string) => (done && doneTitle ? doneTitle : (buttonTitle ?? ctaTitle ?? fallback));

  return (
    <li className="checklist-item">
      {auto ? (
        <span className={done ? 'checklist-item__auto is-done' : 'checklist-item__auto'} role="img" aria-label={done ? t`Done` : t`Not done yet`}>
          {done ? <Icon name="check" width={16} height={16} /> : null}
        </span>
      ) : (
        <input id={id} type="checkbox" className="checklist-item__tick" checked={done} onChange={(e) => onToggle(e.target.checked)} />
      )}
      <div className="checklist-item__body">
        <label htmlFor={auto ? undefined : id} className={done ? 'checklist-item__title is-done' : 'checklist-item__title'}>
          {title}
        </label>
        {item.isOptional ? (
          <span className="checklist-item__optional">
            <Trans>Optional</Trans>
          </span>
        ) : null}
        {item.description ? <span className="checklist-item__desc">{item.description}</span> : null}
        {auto && !done ? (
          <span className="checklist-item__desc">
            <Trans>Ticked automatically when this is done.</Trans>
          </span>
        ) : null}
        <div className="checklist-item__actions">
          {item.type === 'camera' ? (
            <Link className="btn btn-secondary" to={cameraPath(taskId, item.metadata.tags ?? [], title, { mandatory: !item.isOptional })}>
              {actionLabel(t`Take photos`)}
            </Link>
          ) : null}
          {item.type === 'scanner' ? (
            scannerReady ? (
              <Link className="btn btn-secondary" to={scannerPath}>
                {actionLabel(t`Scan products`)}
              </Link>
            ) : (
              <span className="checklist-item__desc">
                <Trans>Scanning in the app arrives in a later version. Tick this item when the products are counted.</Trans>
              </span>
            )
          ) : null}
          {item.type === 'defects' ? (
            <Link className="btn btn-secondary" to={executionPath(taskId, 'defects')}>
              {actionLabel(t`Log defects`)}
            </Link>
          ) : null}
          {item.type === 'link' ? (
            href ? (
              <a
                className="btn btn-secondary"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => {
                  if (item.metadata.isAutoToggle && !done) onToggle(true);
                }}
              >
                {actionLabel(t`Open`)}
              </a>
            ) : (
              <span className="checklist-item__desc">
                <Trans>The link of this item is missing or not safe to open.</Trans>
              </span>
            )
          ) : null}
        </div>
      </div>
    </li>
  );
}
