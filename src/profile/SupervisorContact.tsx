/** The market's supervisor (GET country/supervisor): name, tap-to-call and tap-to-mail. Nothing when unknown. */
import { Trans } from '@lingui/react/macro';
import { Icon } from '#ui/Icon';
import type { Supervisor } from './queries';

export function SupervisorContact({ supervisor }: { supervisor: Supervisor | null | undefined }) {
  if (!supervisor || (!supervisor.name && !supervisor.phone && !supervisor.email)) return null;
  const { name, phone, email } = supervisor;
  return (
    <section className="card profile-supervisor" aria-labelledby="profile-supervisor-title">
      <h2 className="profile-section-title" id="profile-supervisor-title">
        <Trans>Your supervisor</Trans>
      </h2>
      {name ? <p className="profile-supervisor__name">{name}</p> : null}
      {phone ? (
        <a className="profile-supervisor__link" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          <Icon name="phone" size={18} />
          <span>{phone}</span>
        </a>
      ) : null}
      {email ? (
        <a className="profile-supervisor__link" href={`mailto:${email}`}>
          <Icon name="mail" size={18} />
          <span>{email}</span>
        </a>
      ) : null}
    </section>
  );
}
