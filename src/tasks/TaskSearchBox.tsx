/** The list's search field. The screen owns the value (and its trip to the URL). */
import { useLingui } from '@lingui/react/macro';
import { Icon } from '#ui/Icon';

export function TaskSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <div className="task-search" role="search">
      <Icon name="search" size={18} className="task-search__icon" />
      <input
        type="search"
        className="task-search__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t`Search stores and tasks`}
        aria-label={t`Search tasks`}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
      />
      {value !== '' && (
        <button type="button" className="task-search__clear" onClick={() => onChange('')} aria-label={t`Clear search`}>
          <Icon name="close" size={16} />
        </button>
      )}
    </div>
  );
}
