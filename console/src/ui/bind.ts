import type { ChangeEvent, Dispatch, SetStateAction } from 'react';

/**
 * Binds text inputs to one state object: `<TextInput {...bind('name')} />` gives the value, the
 * change handler and the API's message for that field (from `fieldErrors`).
 */
export function textBinder<T extends Record<string, unknown>>(
  values: T,
  setValues: Dispatch<SetStateAction<T>>,
  errors: Record<string, string>,
) {
  return (key: keyof T & string) => ({
    value: String(values[key] ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.currentTarget.value;
      setValues((all) => ({ ...all, [key]: value }));
    },
    error: errors[key],
  });
}
