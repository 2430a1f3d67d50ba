/** A deactivated account sees only this (spec sections 4 and 6: "must contact support"), with the market's support phone and email. */
import { Trans } from '@lingui/react/macro';
import { Icon } from '#ui/Icon';
import { SupportContacts } from '../support/SupportContacts';
import { GreenLayout } from '../chrome/GreenLayout';
import { SignOutButton } from '../chrome/SignOutButton';

export function DeactivatedScreen() {
  return (
    <GreenLayout>
      <div className="message-screen">
        <Icon name="lock" className="message-icon" />
        <h1 className="green-title">
          <Trans>Your account is deactivated</Trans>
        </h1>
        <p className="muted">
          <Trans>You can no longer see or reserve tasks. Please contact Shelfwork support to find out why and what you can do.</Trans>
        </p>
        <SupportContacts />
        <SignOutButton className="btn btn-secondary btn-block">
          <Icon name="logout" />
          <Trans>Sign out</Trans>
        </SignOutButton>
      </div>
    </GreenLayout>
  );
}
