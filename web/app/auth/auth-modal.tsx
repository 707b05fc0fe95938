// The auth modal (spec section 2): sign-in or sign-up in a dialog, switchable, closing itself once someone
// is signed in. Placeholder until the auth pages are built: same props.
import { Modal } from '~/ui/modal';

export type AuthProcess = 'signin' | 'signup';

export interface AuthModalProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which form it opens with; the visitor can switch. */
  process: AuthProcess;
  /** Called once a person (not an anonymous visitor) is signed in; the modal then closes itself. */
  onSignedIn?: () => void;
}

export function AuthModal(props: AuthModalProps) {
  return (
    <Modal
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      title={props.process === 'signin' ? 'Sign In' : 'Sign Up'}
    >
      <p>Coming soon.</p>
    </Modal>
  );
}
