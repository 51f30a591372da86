import type { ReactNode } from 'react';
import { useTheme } from '@emotion/react';

import { Button } from '@kalike/shared/ui/button';

interface StatusMessageProps {
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  action?: { label: string; onClick: () => void };
  /** 1 when the message is the whole page (not found, could not load): its title is the page's heading. */
  headingLevel?: 1 | 2;
}

/** Empty and error states share one look so every screen fails and empties the same way. */
export function StatusMessage({ title, children, tone = 'neutral', action, headingLevel = 2 }: StatusMessageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
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
      <Heading css={{ fontSize: theme.font.size.large, margin: `0 0 ${theme.space(2)}` }}>{title}</Heading>
      {children && <div css={{ color: theme.colors.textMuted, marginBottom: theme.space(4) }}>{children}</div>}
      {action && <Button onClick={action.onClick}>{action.label}</Button>}
    </section>
  );
}
