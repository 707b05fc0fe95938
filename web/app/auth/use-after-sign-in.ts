// After a sign-in or sign-up (spec section 4): creators to /dashboard, everyone else to the returnUrl. A
// person already signed in who opens the sign-in page is sent on once (the automatic sign-in), except after
// a logout or when arriving from /logout.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AccountView } from '@travelclub/contracts';
import { useSession } from '~/lib/session';
import { destinationAfterSignIn } from './return-url';
import { wasSignedOut } from './signed-out';

export function useAfterSignIn(returnUrl: string, loggedOut: boolean) {
  const navigate = useNavigate();
  const { isMember, user } = useSession();
  const leaving = useRef(false);
  // What the server rendered; the browser may still cancel it (the logout mark lives in session storage).
  const [autoSignIn, setAutoSignIn] = useState(isMember && !loggedOut);

  const go = useCallback(
    (account: Pick<AccountView, 'roles'>) => {
      if (leaving.current) return;
      leaving.current = true;
      void navigate(destinationAfterSignIn(account, returnUrl), { replace: true });
    },
    [navigate, returnUrl],
  );

  // Once, on arrival: at most one automatic sign-in.
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (autoSignIn && user && !wasSignedOut()) go(user);
    else setAutoSignIn(false);
  }, [autoSignIn, user, go]);

  return { go, autoSignIn };
}
