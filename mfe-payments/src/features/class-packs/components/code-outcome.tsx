import { css } from '@emotion/react';
import { colors } from '@kalike/shared/ui/theme';

const outcomeStyle = css({ margin: 0, fontWeight: 600 });
const acceptedStyle = css({ color: colors.success });
const refusedStyle = css({ color: colors.danger });

/** The server's word on a code: what it gives, or why it does not apply. */
export function CodeOutcome({ valid, message }: { valid: boolean; message: string }) {
  return (
    <p role={valid ? 'status' : 'alert'} css={[outcomeStyle, valid ? acceptedStyle : refusedStyle]}>
      {message}
    </p>
  );
}
