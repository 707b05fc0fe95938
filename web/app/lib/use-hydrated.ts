// Whether the page is running in the browser yet: false in the server's HTML and while React takes it over,
// true from the first effect on. For what should not load with the page itself (pictures out of view).
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
