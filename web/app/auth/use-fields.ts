// The state of a small form: its values, which fields the visitor has changed, and whether a submit was
// tried. Forms validate on every change (spec section 5); which errors they show is the form's rule, one of two here.
import { useCallback, useState } from 'react';

export function useFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [changed, setChanged] = useState<Partial<Record<K, true>>>({});
  const [submitted, setSubmitted] = useState(false);

  const set = useCallback((key: K, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setChanged((current) => (current[key] ? current : { ...current, [key]: true }));
  }, []);

  return {
    values,
    set,
    /** `error` once the field was changed at least once, or a submit was tried (sign-in's rule), else null. */
    onceChanged: (key: K, error: string | null) => (changed[key] || submitted ? error : null),
    /** `error` once the field is dirty (not its initial value) or a submit was tried (sign-up's rule), else null. */
    onceDirty: (key: K, error: string | null) => (values[key] !== initial[key] || submitted ? error : null),
    /** A submit was tried: every field shows its error from now on. */
    setSubmitted,
  };
}
