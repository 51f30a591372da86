import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * Where a listing form keeps its own check's problem: a react-hook-form root error, which does
 * not stop a submit and is cleared at the start of the next, so the sentence stays until then.
 */
export const listingCheck = 'root.check' as const;

/** The problem the listing form's check found on the last try, if any. */
export const listingCheckProblem = <Values extends FieldValues>(errors: FieldErrors<Values>): string | null => errors.root?.check?.message ?? null;
