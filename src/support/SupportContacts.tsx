/** The market's support phone and email as tap-to-call and tap-to-mail links (/support, the deactivated screen). */
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '#ui/Icon';
import { useSupportContact } from './queries';
import './support.css';

/** The address with a line-break opportunity after its @: a narrow screen wraps it there, not mid-word. */
function breakableEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

export function SupportContacts() {
  const { t } = useLingui();
  const contact = useSupportContact();
  if (contact === undefined) return null;
  if (contact === null) {
    return (
      <p className="muted support-contacts-missing">
        <Trans>The support contacts load when you are online.</Trans>
      </p>
    );
  }
  return (
    <ul className="support-contacts" aria-label={t`Support contacts`}>
      <li>
        <a className="support-contact" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
          <Icon name="phone" />
          <span>
            <span className="support-contact-label muted">
              <Trans>Call support</Trans>
            </span>
            <span className="support-contact-value">{contact.phone}</span>
          </span>
        </a>
      </li>
      <li>
        <a className="support-contact" href={`mailto:${contact.email}`}>
          <Icon name="mail" />
          <span>
            <span className="support-contact-label muted">
              <Trans>Email support</Trans>
            </span>
            <span className="support-contact-value">{breakableEmail(contact.email)}</span>
          </span>
        </a>
      </li>
    </ul>
  );
}
