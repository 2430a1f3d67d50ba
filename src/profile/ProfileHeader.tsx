/**
 * The top of /profile: the picture (avatar 128, initials when there is none), full name, email,
 * the buttons that change the picture, and — while a new picture has not reached the server —
 * a line saying it is waiting (it is already shown from this phone), or why the server refused it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { errorMessage } from '../i18n/errorMessages';
import { ProfileAvatar } from './ProfileAvatar';
import { profileInitials } from './profilePhoto';
import { ProfilePhotoPicker } from './ProfilePhotoPicker';
import type { UserDocumentView } from './queries';

export type ProfilePhotoView = Pick<UserDocumentView, 'src' | 'uploadState' | 'rejected'>;

export interface ProfileHeaderProps {
  name: string | null;
  email: string;
  /** undefined while the mirror is read; null = no picture. */
  photo: ProfilePhotoView | null | undefined;
  online: boolean;
}

export function ProfileHeader({ name, email, photo, online }: ProfileHeaderProps) {
  const { t, i18n } = useLingui();
  const rejected = photo?.uploadState === 'local' ? photo.rejected : undefined;
  const waiting = photo != null && photo.uploadState !== 'uploaded' && !rejected;
  const refusal = rejected ? errorMessage('rejected', rejected) : null;
  return (
    <section className="card profile-header" aria-label={t`Your profile`}>
      <ProfileAvatar src={photo?.src ?? null} initials={profileInitials(name, email)} size={128} alt={t`Your profile picture`} />
      <div className="profile-header__who">
        {name ? <h2 className="profile-header__name">{name}</h2> : null}
        <p className="profile-header__email muted">{email}</p>
      </div>
      {waiting ? (
        <p className="profile-header__waiting" role="status">
          <Icon name={online ? 'clock' : 'wifiOff'} size={16} />
          {online ? <Trans>Sending your new picture…</Trans> : <Trans>New picture saved on this phone; it is sent when you are online</Trans>}
        </p>
      ) : null}
      {refusal ? (
        <Alert tone="error" role="alert" icon="warning" className="profile-header__refused">
          <Trans>Your new picture was not accepted.</Trans> {typeof refusal === 'string' ? refusal : i18n._(refusal)}
        </Alert>
      ) : null}
      <ProfilePhotoPicker />
    </section>
  );
}
