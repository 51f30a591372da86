import { useId, type ReactNode } from 'react';

import { FieldError } from '@kalike/shared/ui/form/field-error';
import { formField, formFieldset, formLabel, formLegend, formLegendLarge } from '@kalike/shared/ui/form/form-css';
import { hintText } from '@kalike/shared/ui/text-styles';

/** What a field hands its control: the id its label points at, and what describes it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
}

/** The ids a control or group is described by, in reading order; undefined when there is none. */
export function describedByIds(...ids: ReadonlyArray<string | false | null | undefined>): string | undefined {
  const present = ids.filter((id): id is string => Boolean(id));
  return present.length > 0 ? present.join(' ') : undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Said under the label and read with the control (a format, a limit). */
  hint?: ReactNode;
  /** The field's problem in words; the control is marked invalid while there is one. */
  error?: string | null;
  /** Marks the control invalid when its problem is said elsewhere, on the form's own failure line. */
  invalid?: boolean;
  /** Another element that describes the control too, such as the form's own failure line. */
  describedBy?: string;
  /** The control's id when something else must point at it; otherwise one is made. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One labelled control: its label, an optional hint, the control (rendered by `children` with
 * the id, `aria-describedby` and `aria-invalid` it needs) and its error, the same on every form.
 */
export function Field({ label, hint, error, invalid = false, describedBy, id, className, children }: FieldProps) {
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return (
    <div css={formField} className={className}>
      <label htmlFor={controlId} css={formLabel}>
        {label}
      </label>
      {hint && (
        <p id={hintId} css={hintText}>
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        'aria-describedby': describedByIds(hint ? hintId : null, error ? errorId : null, describedBy),
        'aria-invalid': Boolean(error) || invalid,
      })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface FieldGroupProps {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  describedBy?: string;
  /** `large` where the group is the page's one question. */
  legendSize?: 'body' | 'large';
  className?: string;
  children: ReactNode;
}

/**
 * A question answered by several controls (radios, checkboxes, chips): a fieldset whose legend
 * is the question, described by its hint and its error.
 */
export function FieldGroup({ legend, hint, error, describedBy, legendSize = 'body', className, children }: FieldGroupProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset css={formFieldset} className={className} aria-describedby={describedByIds(hint ? hintId : null, error ? errorId : null, describedBy)}>
      <legend css={legendSize === 'large' ? formLegendLarge : formLegend}>{legend}</legend>
      {hint && (
        <p id={hintId} css={hintText}>
          {hint}
        </p>
      )}
      {children}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
