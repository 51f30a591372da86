import { errorText } from '@kalike/shared/ui/text-styles';

/**
 * A problem said under a field, the same on every form of the product. It is an alert, so a
 * screen reader says it as it appears; nothing is rendered while there is none.
 */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" css={errorText}>
      {message}
    </p>
  );
}

/**
 * A form's own problem (a refused send, a check across fields) under its fields. The alert
 * stays in the page while empty: a live region that is already there is read out reliably
 * when its words change, one that appears with them is not in every screen reader.
 */
export function FormFailure({ id, message }: { id: string; message?: string | null }) {
  return (
    <p id={id} role="alert" css={errorText}>
      {message}
    </p>
  );
}
