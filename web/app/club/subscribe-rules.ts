// The subscribe box's rule and answers, shared by the box (in the browser) and its action (on the server). The
// address follows spec section 5 ('Email address is required', 'Invalid email address'), through the sign-in
// forms' own small function: no zod in the club's first bundle.
import { validateEmail } from '~/auth/validation';

/** The message for an address the box refuses, or null when it can be sent. */
export const subscribeEmailError = (value: string) => validateEmail(value.trim());

/**
 * What the box shows after a submit. A success is the same neutral text whatever the address's state (new,
 * waiting, already confirmed), so nobody learns from it who follows a creator.
 */
export type SubscribeAnswer = { ok: true; message: string } | { ok: false; message: string; fieldError?: string };
