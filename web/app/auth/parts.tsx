// Pieces every auth screen shares: the page card (480 px at most), the red and green callouts of a form,
// the link or button that switches between signing in and signing up, and the terms notice.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT } from '~/lib/brand';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';

export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <div className="auth-page">
      <section className="auth-card card" aria-labelledby={id}>
        <h1 id={id}>{title}</h1>
        {lead ? <p className="auth-lead">{lead}</p> : null}
        {children}
      </section>
    </div>
  );
}

/** What a form has to say after a call: a server error (red 'Error') or a success (green 'Success'). */
export interface FormMessage {
  tone: 'error' | 'success';
  text: string;
}

export function FormMessages({ message }: { message: FormMessage | null }) {
  if (!message) return null;
  return <Callout tone={message.tone}>{message.text}</Callout>;
}

/** "Don't have an account? Sign up" and its twin: a link on a page, a button that switches in the modal. */
export function SwitchPrompt({ text, to, onPress }: { text: string; to?: string; onPress?: () => void }) {
  return (
    <p className="auth-switch">
      {onPress ? (
        <Button variant="quiet" onPress={onPress}>
          {text}
        </Button>
      ) : (
        <Link to={to ?? '/'}>{text}</Link>
      )}
    </p>
  );
}

export function TermsNotice() {
  return (
    <p className="auth-terms">
      By continuing you agree to the {PRODUCT} Terms of Service and acknowledge our Privacy Policy, which explains how
      we use your email address and name.
    </p>
  );
}

export function OrDivider() {
  return <div className="auth-divider">or</div>;
}
