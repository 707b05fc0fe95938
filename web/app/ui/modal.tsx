// A modal dialog: React Aria's Modal and Dialog (focus trapped and restored, Escape closes, page scroll locked
// while open and given back when it closes).
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';

export function Modal(props: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <ModalOverlay className="modal-overlay" isOpen={props.isOpen} onOpenChange={props.onOpenChange} isDismissable>
      <AriaModal className="modal">
        <Dialog className="dialog">
          <Heading slot="title">{props.title}</Heading>
          {props.children}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
