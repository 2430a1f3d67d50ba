/**
 * Sign out, with a warning first when changes are still waiting in the outbox: logout clears the
 * mirror, so unsent ticks, scans and photos would be lost (DESIGN.md: nothing lost silently).
 */
import { Plural, Trans } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useOutbox } from '../sync/hooks';
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
  const waiting = (useOutbox() ?? []).filter((r) => r.state === 'pending' || r.state === 'sending').length;
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
      <button type="button" className={className} disabled={busy} onClick={() => (waiting > 0 ? setConfirmOpen(true) : void doSignOut())}>
        {children}
      </button>
      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={<Trans>Sign out now?</Trans>}
        cancelLabel={<Trans>Stay signed in</Trans>}
        cancelEmphasis
        confirmLabel={<Trans>Sign out anyway</Trans>}
        busy={busy}
        onConfirm={() => void doSignOut()}
      >
        <p>
          <Plural
            value={waiting}
            one="# change on this phone has not reached the server yet."
            other="# changes on this phone have not reached the server yet."
          />{' '}
          <Trans>If you sign out now they will be lost. Connect to the internet and wait until they are sent.</Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}
