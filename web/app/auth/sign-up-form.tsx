// The sign-up form (spec section 2), for the page and the modal: the email first; 'Continue' (or Enter)
// reveals name, password and repeat password with 'Sign Up'; 'Email me a magic link' is offered too. The
// second step stays hidden until the email is valid and hides again on an email error; buttons are disabled
// while the email is empty or invalid; errors show only once a field is dirty (or a submit was tried).
import { useState, type FormEvent } from 'react';
import type { AccountView } from '@travelclub/contracts';
import { useFields } from '~/ui/use-fields';
import { signUp, type SignUpRole } from './actions';
import { SIGN_IN_PROMPT } from './copy';
import { AuthForm, EmailField, SubmitOrMagicLink } from './fields';
import { SwitchPrompt, TermsNotice } from './parts';
import { SignUpFields } from './sign-up-fields';
import { useAuthCall } from './use-auth-call';
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
  const form = useFields(INITIAL, { rules: errorsOf, showErrors: 'onceDirty' });
  const call = useAuthCall<'signUp' | 'magicLink'>();
  const [continued, setContinued] = useState(false);
  const [focusSecondStep, setFocusSecondStep] = useState(false);
  const { values, errorOf } = form;
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
    if (!form.submit()) return;
    void call.run('signUp', async () => onSignedIn(await signUp({ ...values, role })));
  }

  return (
    <AuthForm label="Sign up" onSubmit={submit} message={call.message}>
      <EmailField
        {...form.bind('email')}
        onChange={(value) => {
          setFocusSecondStep(false);
          form.set('email', value);
        }}
      />
      {revealed ? (
        <SignUpFields
          values={values}
          errors={{
            publicName: errorOf('publicName'),
            password: errorOf('password'),
            repassword: errorOf('repassword'),
          }}
          onChange={form.set}
          autoFocus={focusSecondStep}
        />
      ) : null}
      <SubmitOrMagicLink
        label={revealed ? 'Sign Up' : 'Continue'}
        kind="signUp"
        call={call}
        email={values.email}
        returnUrl={returnUrl}
      />
      <SwitchPrompt text={SIGN_IN_PROMPT} {...signIn} />
      <TermsNotice />
    </AuthForm>
  );
}
