import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { FieldError } from '@kalike/shared/ui/form/field-error';

import type { RequestValues } from '../utils/request-rules';

/** Ids that tie each of the request form's fields to its label, hint and error. */
export interface RequestFieldHelp {
  fieldId: (name: string) => string;
  /** The error (when shown) and any hint that describe the field. */
  describedBy: (name: keyof RequestValues, hint?: string) => string | undefined;
  errorOf: (name: keyof RequestValues) => React.ReactNode;
}

export function useRequestFieldHelp(errors: FieldErrors<RequestValues>): RequestFieldHelp {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  return {
    fieldId,
    describedBy: (name, hint) => [errors[name] ? `${fieldId(name)}-error` : undefined, hint].filter(Boolean).join(' ') || undefined,
    errorOf: (name) => <FieldError id={`${fieldId(name)}-error`} message={errors[name]?.message} />,
  };
}
