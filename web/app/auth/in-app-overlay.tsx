// Spec section 2: on iOS, inside an app's own browser, an overlay asks the visitor to switch to an external
// browser (Google refuses to sign anyone in there). React Aria's modal: focus kept inside, Escape closes.
import { useEffect, useState } from 'react';
import { Button } from '~/ui/button';
import { Modal } from '~/ui/modal';

export const IN_APP_HELP_IMAGE = '/in-app-browser-help.svg';
export const IN_APP_HELP_ALT = "The app's menu, opened from the three dots, with 'Open in external browser'";

export function InAppOverlay() {
  const [isOpen, setOpen] = useState(false);
  // Opened after hydration: the server cannot render a portal, and the page should be there behind it.
  useEffect(() => setOpen(true), []);
  return (
    <Modal isOpen={isOpen} onOpenChange={setOpen} title="Switch to an external browser">
      <div className="stack">
        <p>
          Signing in with Google does not work inside this app. Please switch to an external browser: tap the three dots
          at the top of the screen and choose &apos;Open in external browser&apos;.
        </p>
        <img className="auth-provider-help" src={IN_APP_HELP_IMAGE} alt={IN_APP_HELP_ALT} width={240} height={160} />
        <Button variant="primary" fullWidth onPress={() => setOpen(false)}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
