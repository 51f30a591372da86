import type { ReactNode } from 'react';
import { useTheme } from '@emotion/react';

import { Button } from '@kalike/shared/ui/button';

interface StatusMessageProps {
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  action?: { label: string; onClick: () => void };
}

/** Empty and error states share one look so every screen fails and empties the same way. */
export function StatusMessage({ title, children, tone = 'neutral', action }: StatusMessageProps) {
  const theme = useTheme();
  return (
    <section
      role={tone === 'error' ? 'alert' : 'status'}
      css={{
        textAlign: 'center',
        padding: theme.space(6),
        borderRadius: theme.radius.medium,
        background: tone === 'error' ? theme.colors.dangerSoft : theme.colors.surface,
        border: `1px solid ${tone === 'error' ? theme.colors.danger : theme.colors.border}`,
      }}
    >
      <h2 css={{ fontSize: theme.font.size.large, margin: `0 0 ${theme.space(2)}` }}>{title}</h2>
      {children && <div css={{ color: theme.colors.textMuted, marginBottom: theme.space(4) }}>{children}</div>}
      {action && <Button onClick={action.onClick}>{action.label}</Button>}
    </section>
  );
}
