/**
 * The tasker's round picture at one of the spec's avatar sizes (section 9: 48, 64, 128 px), or
 * their initials on a brand-coloured disc when there is none (or it does not load offline).
 */
import { useState } from 'react';

export type AvatarSize = 48 | 64 | 128;

export interface ProfileAvatarProps {
  /** A blob: URL of the photo kept on this phone, or the server's link; null = none. */
  src: string | null;
  initials: string;
  size: AvatarSize;
  /** The picture's description; the initials disc is decorative (the name is next to it). */
  alt: string;
}

export function ProfileAvatar({ src, initials, size, alt }: ProfileAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (src && src !== failedSrc) {
    return <img className="profile-avatar" src={src} alt={alt} width={size} height={size} style={style} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span className="profile-avatar profile-avatar--initials" style={style} aria-hidden="true">
      {initials}
    </span>
  );
}
