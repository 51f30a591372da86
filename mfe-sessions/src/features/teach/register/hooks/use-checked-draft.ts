import { useState } from 'react';

type Checker<Draft, Body> = (draft: Draft) => { body: Body } | { errors: Partial<Record<keyof Draft, string>> };

/**
 * A form's draft and the errors its checker found: typing in a field clears that field's error;
 * `checked()` answers the body to send, or shows every error and answers null.
 */
export function useCheckedDraft<Draft extends { [Field in keyof Draft]: string }, Body>(initial: Draft | (() => Draft), check: Checker<Draft, Body>) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});

  const change = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const checked = (): Body | null => {
    const result = check(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return null;
    }
    return result.body;
  };

  return { draft, errors, change, checked };
}
