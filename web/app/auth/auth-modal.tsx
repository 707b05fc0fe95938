// The auth modal (spec section 2): sign-in or sign-up in a dialog, switchable inside, closing itself once a
// person (not an anonymous visitor) is signed in. React Aria's modal locks page scroll while it is open and
// gives it back when it hides. Its state (spec section 4) is the owner's isOpen plus the process shown here.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { AccountView } from '@travelclub/contracts';
import { useSession } from '~/lib/session';
import { useRootData } from '~/lib/root-data';
import { Callout } from '~/ui/callout';
import { Modal } from '~/ui/modal';
import { SIGN_UP_CLOSED } from './copy';
import { detectInAppBrowser } from './in-app-browser';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { hereOf } from './return-url';

export type AuthProcess = 'signin' | 'signup';

export interface AuthModalProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which form it opens with; the visitor can switch. */
  process: AuthProcess;
  /** Called once a person (not an anonymous visitor) is signed in; the modal then closes itself. */
  onSignedIn?: () => void;
}

export function AuthModal({ isOpen, onOpenChange, process, onSignedIn }: AuthModalProps) {
  const { isMember } = useSession();
  const [shown, setShown] = useState<AuthProcess>(process);
  const location = useLocation();
  const root = useRootData();
  const isSignUpEnabled = root?.featureToggles.isSignUpEnabled ?? true;

  // Told once per opening, whether the form or the session change says so first.
  const finished = useRef(false);
  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    onOpenChange(false);
    onSignedIn?.();
  }, [onOpenChange, onSignedIn]);

  // Each opening starts afresh with the process asked for.
  useEffect(() => {
    if (!isOpen) return;
    finished.current = false;
    setShown(process);
  }, [isOpen, process]);

  // Signed in (here, or already when it opens): the modal has nothing left to do.
  useEffect(() => {
    if (isOpen && isMember) finish();
  }, [isOpen, isMember, finish]);

  const done = (_user: AccountView) => finish();
  // The visitor stays on this page: links mailed or provider sign-ins come back to it.
  const returnUrl = hereOf(location);
  return (
    <Modal isOpen={isOpen && !isMember} onOpenChange={onOpenChange} title={shown === 'signin' ? 'Sign In' : 'Sign Up'}>
      {shown === 'signin' ? (
        <SignInForm
          returnUrl={returnUrl}
          inApp={detectInAppBrowser(typeof navigator === 'undefined' ? null : navigator.userAgent)}
          pageUrl={typeof window === 'undefined' ? '' : window.location.href}
          signUp={isSignUpEnabled ? { onPress: () => setShown('signup') } : null}
          onSignedIn={done}
        />
      ) : isSignUpEnabled ? (
        // The modal signs up travellers: the claim role/customer (spec section 3).
        <SignUpForm
          role="consumer"
          returnUrl={returnUrl}
          signIn={{ onPress: () => setShown('signin') }}
          onSignedIn={done}
        />
      ) : (
        <Callout tone="info">{SIGN_UP_CLOSED}</Callout>
      )}
    </Modal>
  );
}
