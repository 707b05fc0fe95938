// A form's draft kept whole, for the forms that check it only when sent (the package's booking and request):
// a change merges into it and says so (the form forgets the last refusal), and a field is bound to it by name.
// Forms that check as the visitor types keep their state in use-fields instead.
import { useState } from 'react';

export function useDraft<D extends object>(initial: D | (() => D), onChange: () => void) {
  const [draft, setDraft] = useState(initial);
  const change = (patch: Partial<D>) => {
    setDraft((current) => ({ ...current, ...patch }));
    onChange();
  };
  return {
    draft,
    change,
    /** A field's value and setter. */
    bind: <K extends keyof D>(field: K) => ({
      value: draft[field],
      onChange: (value: D[K]) => change({ [field]: value } as unknown as Partial<D>),
    }),
  };
}
