import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AuthoringResult } from '@kalike/shared/contracts/listing-authoring';
import { colors, space } from '@kalike/shared/ui/theme';

const refusedCss = css({ color: colors.danger, margin: `${space(1)} 0` });
const noteCss = css({ margin: `${space(1)} 0` });

/**
 * What the API said about the last change, in its own sentences: a refusal (why, and what to
 * do), the warnings of a change that was saved, and whether it waits for review.
 */
export function ChangeFeedback({ problem, error, result }: { problem?: string | null; error?: unknown; result?: AuthoringResult }) {
  const refusal = problem ?? (error ? readableErrorMessage(error) : null);
  return (
    <div aria-live="polite">
      {refusal ? (
        <p role="alert" css={refusedCss}>
          {refusal}
        </p>
      ) : null}
      {!refusal && result?.held ? <p css={noteCss}>Saved. It waits for review; learners see the approved version until then.</p> : null}
      {!refusal
        ? result?.warnings.map((warning) => (
            <p key={warning.message} css={noteCss} role="status">
              Warning: {warning.message}
            </p>
          ))
        : null}
    </div>
  );
}
