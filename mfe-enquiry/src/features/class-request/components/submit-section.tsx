import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { stack } from '@kalike/shared/ui/layout-styles';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { hintText, noMargin } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import type { RequestFailure } from '../utils/api-field-errors';

const retryButtonStyle = css({ marginTop: space(3) });

interface SubmitSectionProps {
  submitLabel: string;
  /** Said above the button, e.g. that sign-in comes next. */
  submitNote?: ReactNode;
  pending: boolean;
  submitting: boolean;
  failure: RequestFailure | null;
  onRetry: () => void;
}

/** Why the last try failed (with Try again when it may work next time), and the send button. */
export function SubmitSection({ submitLabel, submitNote, pending, submitting, failure, onRetry }: SubmitSectionProps) {
  return (
    <>
      {failure?.form && (
        <StatusMessage tone="error" title={failure.retryable ? 'Your enquiry was not sent yet' : 'Your enquiry could not be sent'}>
          <p css={noMargin}>{failure.form}</p>
          {failure.retryable && (
            // A button of its own type: the kit's default would submit the form a second time.
            <Button type="button" onClick={onRetry} disabled={pending} css={retryButtonStyle}>
              Try again
            </Button>
          )}
        </StatusMessage>
      )}

      <div css={stack[2]}>
        {submitNote && <p css={hintText}>{submitNote}</p>}
        <Button type="submit" disabled={pending || submitting} aria-busy={pending}>
          {pending ? 'Sending…' : submitLabel}
        </Button>
      </div>
    </>
  );
}
