/**
 * What the login and register screens read from the mirror before their first render (each at
 * most 300 ms): the kept Google draft (ticks, e-mail, country) and the sign-in methods. Their first
 * paint is then the whole form with its Google button, and nothing moves a moment later.
 */
import { readGoogleDraftAhead } from './googleDraft';
import { readSignInProvidersAhead } from './queries';

export async function readAccessScreenAhead(): Promise<void> {
  await Promise.all([readGoogleDraftAhead(), readSignInProvidersAhead()]);
}
