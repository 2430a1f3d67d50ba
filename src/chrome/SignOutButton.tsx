/**
 * Sign out, with a warning first when changes are still waiting in the outbox: logout clears the
 * mirror but keeps the unsent ticks, scans and photos, which are then sent only when this tasker
 * signs in on this phone again — so they learn it before they leave.
 * When the phone also holds unsent work of another account (kept across that account's logout
 * or expired session, sent only under its owner), the same dialog says so before the tasker
 * leaves — without whose it is or what it holds.
 */
import { Plural, Trans } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useOutbox } from '../sync/hooks';
import { useOtherAccountsUnsent } from '../sync/otherAccountWork';
import { ConfirmDialog } from '#ui/ConfirmDialog';
import { signOut } from './mutations';

export interface SignOutButtonProps {
  className: string;
  children: ReactNode;
  /** Called just before signing out (e.g. to close the drawer). */
  onSignOut?: () => void;
}

export function SignOutButton({ className, children, onSignOut }: SignOutButtonProps) {
  const navigate = useNavigate();
  const outbox = useOutbox();
  const waiting = (outbox ?? []).filter((r) => r.state === 'pending' || r.state === 'sending').length;
  const others = useOtherAccountsUnsent();
  const othersWaiting = others ?? 0;
  // Until the mirror has answered, a click would sign out without the warnings it may owe.
  const loading = outbox === undefined || others === undefined;
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function doSignOut() {
    setBusy(true);
    onSignOut?.();
    await signOut();
    navigate('/login', { replace: true });
  }

  return (
    <>
      <button type="button" className={className} disabled={busy || loading} onClick={() => (waiting > 0 || othersWaiting > 0 ? setConfirmOpen(true) : void doSignOut())}>
        {children}
      </button>
      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={<Trans>Sign out now?</Trans>}
        cancelLabel={<Trans>Stay signed in</Trans>}
        cancelEmphasis={waiting > 0}
        // Another account's work stays on the phone whatever this tasker does: nothing to lose.
        tone={waiting > 0 ? 'danger' : 'primary'}
        confirmLabel={waiting > 0 ? <Trans>Sign out anyway</Trans> : <Trans>Sign out</Trans>}
        busy={busy}
        onConfirm={() => void doSignOut()}
      >
        {waiting > 0 ? (
          <p>
            <Plural
              value={waiting}
              one="# change on this phone has not reached the server yet."
              other="# changes on this phone have not reached the server yet."
            />{' '}
            <Trans>They stay on this phone and are sent only when you sign in on it again. To send them now, connect to the internet and wait until they are sent.</Trans>
          </p>
        ) : null}
        {othersWaiting > 0 ? (
          <p>
            <Trans>This phone still holds work of another account that has not been sent yet. It will be sent when that account signs in again.</Trans>
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
