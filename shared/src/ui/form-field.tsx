/** Text inputs and their error line, the same on every form of the product. */
import type { Theme } from '@emotion/react';
import { errorText } from '@kalike/shared/ui/text-styles';

export const inputStyles = (theme: Theme) => ({
  width: '100%',
  minHeight: '44px',
  padding: `${theme.space(2)} ${theme.space(3)}`,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius.small,
  fontSize: theme.font.size.body,
  background: theme.colors.surface,
});

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" css={errorText}>
      {message}
    </p>
  );
}
