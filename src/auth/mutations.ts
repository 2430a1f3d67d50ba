/**
 * The access commands (send a login code, log in with it or with a password, register), online
 * only, through the one command layer (src/sync/commands.ts): a failure is a result, never a
 * throw. Each raises 'It takes longer than usual, please wait' after 5 s (src/shared/slowCommand.ts).
 * A failure the form does not show on a field becomes a toast (`showCommandFailure`), in the words
 * of src/i18n/errorMessages.ts (spec section 8): a 420's own message (e.g. 'Please register
 * first'), 'Cannot connect to server', the service being temporarily unavailable (502/503/504),
 * 'Too many attempts' (429), else 'Could not login' / 'Could not register'.
 *
 * Google sign-in: the login and register screens start it (`startGoogleSignIn`: the authorization
 * URL this window then goes to), the /auth/google/callback screen finishes it (`loginWithGoogle`,
 * and `registerWithGoogle` when the Google account has no Shelfwork account yet).
 */
import { trackSlow } from '../shared/slowCommand';
import type { CountryCode } from '#domain/types';
import { errorMessage } from '../i18n/errorMessages';
import { runCommand, sendSignal, type CommandFailure, type CommandResult } from '../sync/commands';
import { showToast } from '#ui/toastStore';

export function sendEmailCode(email: string): Promise<CommandResult> {
  return trackSlow(runCommand((api) => api.sendEmailCode(email)));
}

export function loginWithCode(email: string, code: string): Promise<CommandResult> {
  return trackSlow(runCommand((api) => api.loginWithCode(email, code)));
}

export function loginWithPassword(username: string, password: string): Promise<CommandResult> {
  return trackSlow(runCommand((api) => api.loginWithPassword(username, password)));
}

export function register(email: string, country: CountryCode): Promise<CommandResult> {
  return trackSlow(runCommand((api) => api.register(email, country)));
}

/** Where a Google sign-in started: the login screen or the register screen. */
export type GoogleIntent = 'login' | 'register';

/**
 * Asks the server which sign-in methods are on; the worker keeps the answer in kv, where
 * `useSignInProviders` reads it (also offline). Never throws; offline the last answer stays.
 */
export function refreshSignInProviders(): Promise<void> {
  return sendSignal('sign-in providers', (api) => api.signInProviders());
}

/** The Google authorization URL to send this window to (the server keeps the PKCE verifier, state and nonce). */
export function startGoogleSignIn(intent: GoogleIntent, country: CountryCode | null): Promise<CommandResult<{ authorizationUrl: string }>> {
  return trackSlow(runCommand((api) => api.startGoogleSignIn(intent, country)));
}

/** Back from Google: the code, state and issuer go to the server, which answers tokens or a refusal. */
export function loginWithGoogle(code: string, state: string, iss: string | null): Promise<CommandResult> {
  return trackSlow(runCommand((api) => api.loginWithGoogle(code, state, iss)));
}

/** A Google sign-in with no account yet (GOOGLE_REGISTRATION_REQUIRED): the account, in the chosen market. */
export function registerWithGoogle(state: string, country: CountryCode): Promise<CommandResult> {
  return trackSlow(runCommand((api) => api.registerWithGoogle(state, country)));
}

export type AccessCommand = 'login' | 'register' | 'googleSignIn';

export function showCommandFailure(error: CommandFailure, command: AccessCommand): void {
  showToast({ kind: 'error', message: errorMessage(command, error), durationMs: 5000 });
}

// The hooks screens call from their handlers. Each returns the module-level function, so it is
// stable; an effect may call the function itself (no dependency to declare).
export const useSendEmailCode = () => sendEmailCode;
export const useLoginWithCode = () => loginWithCode;
export const useLoginWithPassword = () => loginWithPassword;
export const useRegister = () => register;
export const useStartGoogleSignIn = () => startGoogleSignIn;
export const useLoginWithGoogle = () => loginWithGoogle;
export const useRegisterWithGoogle = () => registerWithGoogle;
