// The confirm step of a cancellation: a React Aria dialog that repeats the charge and the refund, with
// "Keep my booking" and "Yes, cancel". Nothing is cancelled until the second button is pressed.
import type { CancellationTermsAnswer } from '@travelclub/contracts';
import { Button } from '~/ui/button';
import { Modal } from '~/ui/modal';
import { cancelSentence, CancelMoney } from './cancel-money';

export function CancelDialog(props: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  answer: CancellationTermsAnswer;
  isPending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Modal isOpen={props.isOpen} onOpenChange={props.onOpenChange} title="Cancel this booking?">
      <div className="stack">
        <p>{cancelSentence(props.answer)}</p>
        <CancelMoney answer={props.answer} />
        <p className="muted small">This cannot be undone.</p>
        <div className="actions">
          <Button variant="primary" isPending={props.isPending} onPress={props.onConfirm}>
            Yes, cancel
          </Button>
          <Button variant="secondary" onPress={() => props.onOpenChange(false)} isDisabled={props.isPending}>
            Keep my booking
          </Button>
        </div>
      </div>
    </Modal>
  );
}
