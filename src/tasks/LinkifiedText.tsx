/**
 * A descriptive comment with its http(s) words as links (spec section 5). Built from linkify's
 * segments as React elements — never innerHTML — and links open outside the app.
 */
import { linkify } from './linkify';

export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ?? 'linkified-text'}>
      {linkify(text).map((segment, i) =>
        segment.kind === 'link' ? (
          <a key={i} href={segment.href} target="_blank" rel="noopener noreferrer nofollow">
            {segment.text}
          </a>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
