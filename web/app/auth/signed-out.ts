// Spec section 4: no automatic sign-in after a logout. /logout leaves a mark for this browser tab; the
// sign-in page reads it (and `?loggedOut=1`), and an explicit sign-in clears it.

const KEY = 'travelclub.signedOut';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage refused (privacy settings): no mark, which only costs the skip.
  }
}

export const markSignedOut = () => storage()?.setItem(KEY, '1');
export const clearSignedOut = () => storage()?.removeItem(KEY);
export const wasSignedOut = () => storage()?.getItem(KEY) === '1';
