/**
 * A place's retailer logo at 40 px, falling back to the retailer's initials when there is no logo
 * or it cannot load (offline, before the image cache has it).
 */
import { useState } from 'react';
import './RetailerLogo.css';

export function RetailerLogo({ src, name, size = 40 }: { src: string | null; name: string; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('') || '?';
  const style = { width: size, height: size };
  if (!src || failedSrc === src) {
    return (
      <span className="retailer-logo retailer-logo--initials" style={style} aria-hidden="true">
        {initials}
      </span>
    );
  }
  return (
    <img
      className="retailer-logo"
      style={style}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
