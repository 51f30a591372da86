import { useState } from 'react';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { Field } from '@kalike/shared/ui/form/field';
import { formInlineRow, formInput } from '@kalike/shared/ui/form/form-css';

interface CodeFieldProps {
  label: string;
  /** The code in force, if any; the field then offers "Remove". */
  applied: string | null;
  /** Checks the shape before asking the server; returns why not, or null. */
  check: (code: string) => string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  pending?: boolean;
  hint?: string;
}

const codeInputStyle = css(formInput, { textTransform: 'uppercase', flex: 1, minWidth: 0 });

/** A discount code: typed, checked for shape, applied by the server; codes are upper case. */
export function CodeField({ label, applied, check, onApply, onRemove, pending = false, hint }: CodeFieldProps) {
  const [value, setValue] = useState(applied ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const code = value.trim().toUpperCase();
    const problem = check(code);
    setError(problem);
    if (!problem) onApply(code);
  };
  return (
    // Not a <form>: applying a code changes the URL inside a transition, which React 19 would
    // treat as a form action. Enter in the field applies, like submitting would.
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div css={formInlineRow}>
          <input
            {...control}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              if (value.trim() !== '' && !pending) apply();
            }}
            enterKeyHint="go"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            css={codeInputStyle}
          />
          {applied && applied === value.trim().toUpperCase() ? (
            <Button
              type="button"
              variant="secondary"
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() => {
                setValue('');
                setError(null);
                onRemove();
              }}
            >
              Remove
            </Button>
          ) : (
            <Button type="button" variant="secondary" onClick={apply} disabled={pending || value.trim() === ''} aria-label={`Apply ${label.toLowerCase()}`}>
              Apply
            </Button>
          )}
        </div>
      )}
    </Field>
  );
}
