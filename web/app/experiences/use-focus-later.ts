// Focus that must wait for the next render: the element it goes to (a moved row's button, a new day's title)
// is only where it belongs once React has put the change on the page.
import { useEffect, useState } from 'react';

/** Returns `focusLater(selector)`: after the next render, the first element matching it gets the focus. */
export function useFocusLater() {
  const [selector, setSelector] = useState<string | null>(null);
  useEffect(() => {
    if (!selector) return;
    document.querySelector<HTMLElement>(selector)?.focus();
    setSelector(null);
  }, [selector]);
  return setSelector;
}
