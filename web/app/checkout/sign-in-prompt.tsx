// What a signed-out visitor sees on a page that is someone's own (a checkout, their trips): a way to sign
// in that brings them back here.
import { useLocation } from 'react-router';
import { LinkButton } from '~/ui/button';

export function SignInPrompt({ what }: { what: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <section className="card stack signin-prompt" aria-labelledby="signin-prompt-title">
      <h2 id="signin-prompt-title">Sign in to continue</h2>
      <p>Please sign in to see {what}.</p>
      <LinkButton to={`/signIn?returnUrl=${encodeURIComponent(here)}`}>Sign In</LinkButton>
    </section>
  );
}
