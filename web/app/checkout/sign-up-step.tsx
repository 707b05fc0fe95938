// The contact page's first step for an anonymous visitor (a cart, no account yet): sign up in the auth modal.
// Signing up upgrades the anonymous account in place (same id), so the cart is still theirs afterwards;
// signing in instead to an account they had hands the cart over to it (the contact page waits for that).
import { useState } from 'react';
import { AuthModal, type AuthProcess } from '~/auth/auth-modal';
import { useRootData } from '~/lib/root-data';
import { Button } from '~/ui/button';

export function SignUpStep({ onSignedIn }: { onSignedIn: () => void }) {
  const root = useRootData();
  const canSignUp = root?.featureToggles.isSignUpEnabled ?? true;
  const [process, setProcess] = useState<AuthProcess | null>(null);
  return (
    <section className="card stack" aria-labelledby="signup-step-title">
      <h2 id="signup-step-title">{canSignUp ? 'Create your account to book' : 'Sign in to book'}</h2>
      <p>
        Your booking, its receipt and its cancellation live in your account. Your rooms stay in your itinerary while you{' '}
        {canSignUp ? 'sign up' : 'sign in'}.
      </p>
      <div className="actions">
        <Button onPress={() => setProcess(canSignUp ? 'signup' : 'signin')}>{canSignUp ? 'Sign Up' : 'Sign In'}</Button>
      </div>
      <AuthModal
        isOpen={process !== null}
        onOpenChange={(open) => setProcess(open ? (process ?? 'signup') : null)}
        process={process ?? 'signup'}
        onSignedIn={() => {
          setProcess(null);
          onSignedIn();
        }}
      />
    </section>
  );
}
