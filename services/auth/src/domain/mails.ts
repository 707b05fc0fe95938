// The rules of the mails auth sends: how long each mailed link works, and whom a mail may greet by name.

export type LinkMail = 'magic-link' | 'email-verification' | 'password-reset';

/** How long each mailed link works. */
export const linkMinutes = { 'magic-link': 15, 'password-reset': 60, 'email-verification': 24 * 60 } as const;

/**
 * The name a mail may greet with: only an account whose address is proven. Anyone may sign up with someone
 * else's address, and must not get words of their choosing into a mail we send there.
 */
export const nameToGreet = (account: { emailVerified: boolean; publicName?: string | null } | null | undefined) =>
  account?.emailVerified ? account.publicName : undefined;
