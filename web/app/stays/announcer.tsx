// What a screen reader is told after a change it cannot see happen (a row moved, a stay switched off): one polite
// live region per page. The same words twice are still read twice (a no-break space tells them apart).
import { useCallback, useState } from 'react';

export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const announce = useCallback(
    (text: string) => setMessage((previous) => (previous === text ? `${text}\u00a0` : text)),
    [],
  );
  return { message, announce };
}

export function LiveRegion({ message }: { message: string }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}
