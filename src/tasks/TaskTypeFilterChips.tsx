/**
 * Task-type filter: all, new (type under 45 days old), and one chip per category (spec section
 * 2). A chosen category that no longer has tasks stays listed so the tasker can see and undo it.
 * The row scrolls sideways; an edge with more chips beyond it fades out, so a cut chip reads as
 * "there is more" (long languages leave room for only two or three chips at 360 px).
 */
import { useLingui } from '@lingui/react/macro';
import { useScrollEdges } from '#ui/useScrollEdges';
import { sameFilter, type TaskTypeFilter } from './selectTasks';

export function TaskTypeFilterChips({
  categories,
  value,
  onChange,
}: {
  categories: readonly string[];
  value: TaskTypeFilter;
  onChange: (filter: TaskTypeFilter) => void;
}) {
  const { t } = useLingui();
  const titles = value.kind === 'category' && !categories.includes(value.filterTitle) ? [...categories, value.filterTitle] : categories;
  const options: { filter: TaskTypeFilter; label: string; key: string }[] = [
    { filter: { kind: 'all' }, label: t`All`, key: 'all' },
    { filter: { kind: 'new' }, label: t`New`, key: 'new' },
    ...titles.map((title) => ({ filter: { kind: 'category', filterTitle: title } as TaskTypeFilter, label: title, key: `c:${title}` })),
  ];
  const { ref, edges } = useScrollEdges<HTMLDivElement>(options.map((option) => option.key).join('\n'));
  const fade = `${edges.start ? ' type-filter--more-start' : ''}${edges.end ? ' type-filter--more-end' : ''}`;
  return (
    <div ref={ref} className={`type-filter${fade}`} role="group" aria-label={t`Task type`}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          className="chip type-filter__chip"
          aria-pressed={sameFilter(option.filter, value)}
          onClick={() => onChange(option.filter)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
