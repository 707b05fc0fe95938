// The auth screens' words that more than one file uses (the spec's exact texts are in spec section 2).

export const SIGN_UP_PROMPT = "Don't have an account? Sign up";
export const SIGN_IN_PROMPT = 'Already have an account? Sign in';
export const SIGN_UP_CLOSED = 'Sign-up is closed at the moment.';
export const CREATOR_TITLE = 'Your Link-in-Bio Travel Club!';
export const CREATOR_PITCH =
  'Turn your travel content into a club: share the stays you love, earn from every booking, and get verified so your followers know it is really you.';
export const ALREADY_SIGNED_IN = 'You are signed in already. Taking you on…';
/** The invalid-action-code text of spec section 8, for a link that lacks its code altogether. */
export const LINK_NOT_VALID = 'Your request to reset your password has expired or the link has already been used';
export const EMAIL_VERIFIED = 'Your email address has been verified. Thank you!';
export const RESET_LINK_SENT =
  'If an account exists for this email address, we have sent it a link to reset your password. The link works for 60 minutes.';
export const SIGN_IN_LINK_INCOMPLETE = 'This sign-in link is not complete. Please ask for a new one.';
