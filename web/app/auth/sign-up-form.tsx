// The sign-up form (spec section 2), for the page and the modal: the email first; 'Continue' (or Enter)
// reveals name, password and repeat password with 'Sign Up'; 'Email me a magic link' is offered too. The
// second step stays hidden until the email is valid and hides again on an email error; buttons are disabled
// while the email is empty or invalid; errors show only once a field is dirty (or a submit was tried).
import { useState, type FormEvent } from 'react';
import type { AccountView } from '@travelclub/contracts';
import { Button } from '~/ui/button';
import { TextField } from '~/ui/text-field';
import { requestMagicLink, signUp, type SignUpRole } from './actions';
import { SIGN_IN_PROMPT } from './copy';
import { FormMessages, SwitchPrompt, TermsNotice } from './parts';
import { SignUpFields, type SecondStepKey } from './sign-up-fields';
import { useAuthCall } from './use-auth-call';
import { useFields } from './use-fields';
import { isValidEmail, validateEmail, validateName, validateNewPassword, validateRepeat } from './validation';

export interface SignUpFormProps {
  /** 'consumer' (the claim role/customer) or, with `?invite`, 'creator'. */
  role: SignUpRole;
  returnUrl: string;
  /** Where 'Already have an account? Sign in' goes (the page), or how it switches (the modal). */
  signIn: { to: string } | { onPress: () => void };
  onSignedIn: (user: AccountView) => void;
}

const INITIAL = { email: '', publicName: '', password: '', repassword: '' };

function errorsOf(values: typeof INITIAL) {
  return {
    email: validateEmail(values.email),
    publicName: validateName(values.publicName),
    password: validateNewPassword(values.password),
    repassword: validateRepeat(values.repassword, values.password),
  };
}

export function SignUpForm({ role, returnUrl, signIn, onSignedIn }: SignUpFormProps) {
  const form = useFields(INITIAL);
  const call = useAuthCall<'signUp' | 'magicLink'>();
  const [continued, setContinued] = useState(false);
  const [focusSecondStep, setFocusSecondStep] = useState(false);
  const { values } = form;
  const errors = errorsOf(values);
  const shown = (key: keyof typeof INITIAL) => (form.dirty(key) || form.submitted ? errors[key] : null);
  const emailOk = isValidEmail(values.email);
  const revealed = continued && emailOk;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!emailOk) return;
    if (!revealed) {
      setContinued(true);
      setFocusSecondStep(true);
      return;
    }
    form.setSubmitted(true);
    if (errors.publicName || errors.password || errors.repassword) return;
    void call.run('signUp', async () => onSignedIn(await signUp({ ...values, role })));
  }

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-label="Sign up">
      <FormMessages message={call.message} />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={(value) => {
          setFocusSecondStep(false);
          form.set('email', value);
        }}
        error={shown('email')}
      />
      {revealed ? (
        <SignUpFields
          values={values}
          errors={{ publicName: shown('publicName'), password: shown('password'), repassword: shown('repassword') }}
          onChange={(key: SecondStepKey, value) => form.set(key, value)}
          autoFocus={focusSecondStep}
        />
      ) : null}
      <div className="auth-actions">
        <Button type="submit" fullWidth isDisabled={!emailOk} isPending={call.pending === 'signUp'}>
          {revealed ? 'Sign Up' : 'Continue'}
        </Button>
        <Button
          variant="secondary"
          fullWidth
          isDisabled={!emailOk}
          isPending={call.pending === 'magicLink'}
          onPress={() => void call.run('magicLink', () => requestMagicLink(values.email, returnUrl))}
        >
          Email me a magic link
        </Button>
      </div>
      <SwitchPrompt text={SIGN_IN_PROMPT} {...signIn} />
      <TermsNotice />
    </form>
  );
}
