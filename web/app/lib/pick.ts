// A copy of an object with only the named fields: the type and the copy follow from one list of keys.

/** The fields `keys` of `value`, each as it is there (an optional field that is absent is copied as undefined). */
export function pick<T extends object, const K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = value[key];
  return picked;
}
