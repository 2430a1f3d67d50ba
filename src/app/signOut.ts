/** Sign out from anywhere: the worker clears tokens and the mirror, then the guest screens take over. */
import { getSyncApi } from '../sync/client';

export async function signOut(): Promise<void> {
  try {
    await getSyncApi().logout();
  } catch (error) {
    // Logging out must never leave the tasker stuck; the worker reports its own failure.
    console.error('logout failed', error);
  }
}
