/**
 * /profile (spec section 2), for approved taskers (the router's 'approved' guard sends others to
 * onboarding): the picture, name and email with the picture change; the reservation-limit bar;
 * the place of the payout summary; the menu; the market's supervisor. Everything from the
 * mirror, with how old the profile is; while the screen is open the worker refreshes the
 * picture's link and the supervisor (the profile hooks tell it).
 */
import { useOnline } from '../shared/useOnline';
import { useSessionEmail, useUser } from '../auth';
import { PayoutSummary } from '../money';
import { useReservationLimit, ReservationLimitBar } from '../tasks';
import { useSyncMeta } from '../sync/hooks';
import { FreshnessLine } from '../shared/FreshnessLine';
import { Spinner } from '#ui/Spinner';
import { ProfileHeader } from './ProfileHeader';
import { ProfileMenu } from './ProfileMenu';
import { useSupervisor, useUserDocument } from './queries';
import { SupervisorContact } from './SupervisorContact';
import './ProfileScreen.css';

export function ProfileScreen() {
  const user = useUser();
  const sessionEmail = useSessionEmail();
  const meta = useSyncMeta('user');
  const limit = useReservationLimit();
  const photo = useUserDocument('profile_photo');
  const supervisor = useSupervisor();
  const online = useOnline();

  // The guard renders this screen only with an approved user in the mirror.
  if (!user) return <Spinner />;
  const name = user.fullName?.trim() || [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ') || null;

  return (
    <div className="profile-screen">
      <FreshnessLine meta={meta} showingSavedData />
      <ProfileHeader name={name} email={user.email || sessionEmail || ''} photo={photo} online={online} />
      <ReservationLimitBar limit={limit} />
      <PayoutSummary />
      <ProfileMenu />
      <SupervisorContact supervisor={supervisor} />
    </div>
  );
}
