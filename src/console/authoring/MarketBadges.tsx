/**
 * One badge per market saying whether a task type's texts exist in that market's language: a
 * missing one blocks publishing the type's tasks there. `complete` lists the complete markets.
 */
import { useLingui } from '@lingui/react/macro';
import { MARKETS, MARKET_LOCALE, type CountryCode } from './markets';

export function MarketBadges({ complete }: { complete: readonly CountryCode[] }) {
  const { t } = useLingui();
  return (
    <span className="authoring-badges">
      {MARKETS.map((m) => {
        const ok = complete.includes(m);
        const locale = MARKET_LOCALE[m];
        return (
          <span
            key={m}
            className={`authoring-badge ${ok ? 'authoring-badge--ok' : 'authoring-badge--missing'}`}
            title={ok ? t`${m}: texts complete in ${locale}` : t`${m}: texts missing in ${locale} — its tasks cannot be published`}
          >
            <span aria-hidden="true">{ok ? '✓' : '!'}</span>
            {m}
            <span className="visually-hidden">{ok ? t`complete` : t`missing translations`}</span>
          </span>
        );
      })}
    </span>
  );
}
