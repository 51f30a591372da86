import { useTheme } from '@emotion/react';

/** The server's word on a code: what it gives, or why it does not apply. */
export function CodeOutcome({ valid, message }: { valid: boolean; message: string }) {
  const theme = useTheme();
  return (
    <p role={valid ? 'status' : 'alert'} css={{ margin: 0, color: valid ? theme.colors.success : theme.colors.danger, fontWeight: 600 }}>
      {message}
    </p>
  );
}
