// The state of a small form: its values, which fields the visitor has changed, and whether a submit was
// tried. Forms validate on every change (spec section 5); which errors they show is the form's rule.
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
    /** Changed at least once (sign-in shows a field's error from its first change on). */
    changed: (key: K) => Boolean(changed[key]),
    /** Different from its initial value (sign-up shows errors only for these: "once the field is dirty"). */
    dirty: (key: K) => values[key] !== initial[key],
    submitted,
    setSubmitted,
  };
}
