// The auth calls the forms and pages make, through the browser API module (loaded on demand: it carries
// zod and the contracts). Each one that issues tokens adopts them (token in memory, session cookie) and
// answers the signed-in account.
import type { AccountView, OAuthProvider } from '@travelclub/contracts';
import { loadApi, type BrowserApi } from '~/lib/session';
import { clearSignedOut } from './signed-out';

export type SignUpRole = 'consumer' | 'creator';

/** A token answer of the auth service, as `adopt` takes it. */
type Tokens = Parameters<BrowserApi['adopt']>[0];

/**
 * Adopts the tokens; a creator sign-up asked for (`?invite`) gives an account without the role the role
 * (spec section 6: "The creator role can be assigned after sign-in if missing").
 */
async function signedIn(api: BrowserApi, tokens: Tokens, asCreator = false): Promise<AccountView> {
  await api.adopt(tokens);
  clearSignedOut();
  if (!asCreator || tokens.user.roles.includes('role/creator')) return tokens.user;
  const changed = await api.call(api.endpoints.auth.changeRole, { body: { role: 'creator' } });
  await api.adopt(changed);
  return changed.user;
}

export async function signIn(email: string, password: string, asCreator = false): Promise<AccountView> {
  const api = await loadApi();
  const tokens = await api.call(api.endpoints.auth.signIn, { body: { email, password } });
  return signedIn(api, tokens, asCreator);
}

export interface SignUpInput {
  email: string;
  password: string;
  repassword: string;
  publicName: string;
  role: SignUpRole;
}

/** `call` sends an anonymous visitor's token along: their account is upgraded in place, cart and all. */
export async function signUp(form: SignUpInput): Promise<AccountView> {
  const api = await loadApi();
  const body = { ...form, publicName: form.publicName.trim() };
  return signedIn(api, await api.call(api.endpoints.auth.signUp, { body }));
}

/** Mails a sign-in link back to `returnUrl`; answers the success text (spec section 8). */
export async function requestMagicLink(email: string, returnUrl: string): Promise<string> {
  const api = await loadApi();
  return (await api.call(api.endpoints.auth.magicLink, { body: { email, returnUrl } })).message;
}

/** Uses a mailed sign-in link's code; answers the account and where the visitor was going. */
export async function consumeMagicLink(code: string): Promise<{ user: AccountView; returnUrl: string }> {
  const api = await loadApi();
  const answer = await api.call(api.endpoints.auth.consumeMagicLink, { body: { code } });
  return { user: await signedIn(api, answer), returnUrl: answer.returnUrl };
}

/** The one-time result code a Google or Facebook sign-in came back with. */
export async function exchangeProviderCode(code: string, asCreator: boolean): Promise<AccountView> {
  const api = await loadApi();
  return signedIn(api, await api.call(api.endpoints.auth.oauthExchange, { body: { code } }), asCreator);
}

/**
 * Where to send the browser for a provider's sign-in. Asked by a script, so an anonymous visitor's token
 * goes along and a new account is an upgrade of theirs.
 */
export async function providerStartUrl(provider: OAuthProvider, returnUrl: string, asCreator: boolean) {
  const api = await loadApi();
  const query = { returnUrl, ...(asCreator ? { creator: '1' as const } : {}) };
  return (await api.call(api.endpoints.auth.oauthStart, { params: { provider }, query })).url;
}

export async function requestPasswordReset(email: string): Promise<void> {
  const api = await loadApi();
  await api.call(api.endpoints.auth.requestPasswordReset, { body: { email } });
}

/** Sets the new password; answers the service's confirmation text. */
export async function confirmPasswordReset(oobCode: string, newPassword: string): Promise<string> {
  const api = await loadApi();
  const body = { mode: 'resetPassword' as const, oobCode, newPassword };
  return (await api.call(api.endpoints.auth.confirmPasswordReset, { body })).message;
}

export async function verifyEmail(code: string): Promise<AccountView> {
  const api = await loadApi();
  return (await api.call(api.endpoints.auth.verifyEmail, { body: { code } })).user;
}

export async function signOut(): Promise<void> {
  await (await loadApi()).signOut();
}
