/** The Shelfwork wordmark: a shelf-and-check glyph plus the name (the name is not translated). */
export interface BrandMarkProps {
  /** Dark text for light backgrounds (top bar, drawer); white on the green layout. */
  tone?: 'light' | 'dark';
}

export function BrandMark({ tone = 'light' }: BrandMarkProps) {
  return (
    <span className={`brand-mark brand-mark-${tone}`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="30" height="30" rx="9" fill={tone === 'light' ? '#ffffff' : 'var(--brand)'} />
        <path d="M8 11h16M8 17h16M8 23h9" stroke={tone === 'light' ? 'var(--brand)' : '#fff'} strokeWidth="2.4" strokeLinecap="round" />
        <path d="M19 22.5l2.2 2.2 4.3-4.6" fill="none" stroke={tone === 'light' ? '#f2b705' : '#ffd54a'} strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="brand-name">Shelfwork</span>
    </span>
  );
}
