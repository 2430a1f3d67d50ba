/** Words and small pieces the support, missions and attendance screens share. */
import { Trans, useLingui } from '@lingui/react/macro';

/** A time in the member's language, date and minutes, in their own time zone. */
export function useWhen(): (iso: string) => string {
  const { i18n } = useLingui();
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => format.format(new Date(iso));
}

export function StatusBadge({ status }: { status: 'open' | 'handled' }) {
  return status === 'open' ? (
    <span className="support-badge support-badge--open">
      <Trans>Open</Trans>
    </span>
  ) : (
    <span className="support-badge support-badge--handled">
      <Trans>Handled</Trans>
    </span>
  );
}

/** The language a tasker wrote in, by its name in the member's language. */
export function useLanguageName(): (locale: string) => string {
  const { i18n } = useLingui();
  return (locale) => {
    try {
      return new Intl.DisplayNames([i18n.locale], { type: 'language' }).of(locale) ?? locale;
    } catch {
      return locale;
    }
  };
}
