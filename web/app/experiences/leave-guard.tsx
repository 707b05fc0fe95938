// Unsaved changes are not lost by accident: leaving the builder for another page asks first (React Router's
// blocker), and closing or reloading the tab gets the browser's own warning.
import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '~/ui/button';
import { Modal } from '~/ui/modal';

export const LEAVE_TITLE = 'Leave without saving?';

export function LeaveGuard({ dirty }: { dirty: RefObject<boolean> }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      // Older browsers show their warning only when this is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={LEAVE_TITLE}
    >
      <p>Your changes to this package are not saved. If you leave now, they are lost.</p>
      <div className="xp-modal-actions">
        <Button variant="secondary" onPress={() => blocker.reset?.()}>
          Stay and keep editing
        </Button>
        <Button onPress={() => blocker.proceed?.()}>Leave without saving</Button>
      </div>
    </Modal>
  );
}
