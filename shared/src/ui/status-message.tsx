import type { ReactNode } from 'react';
import { css } from '@emotion/react';

import { Button } from '@kalike/shared/ui/button';
import { theme } from '@kalike/shared/ui/theme';

interface StatusMessageProps {
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  action?: { label: string; onClick: () => void };
  /** 1 when the message is the whole page (not found, could not load): its title is the page's heading. */
  headingLevel?: 1 | 2;
}

const titleStyle = css({ fontSize: theme.font.size.large, margin: `0 0 ${theme.space(2)}` });
const detailStyle = css({ color: theme.colors.textMuted, marginBottom: theme.space(4) });

const messageStyle = css({
  textAlign: 'center',
  padding: theme.space(6),
  borderRadius: theme.radius.medium,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
});
const errorMessageStyle = css({ background: theme.colors.dangerSoft, borderColor: theme.colors.danger });

/** Empty and error states share one look so every screen fails and empties the same way. */
export function StatusMessage({ title, children, tone = 'neutral', action, headingLevel = 2 }: StatusMessageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section role={tone === 'error' ? 'alert' : 'status'} css={[messageStyle, tone === 'error' && errorMessageStyle]}>
      <Heading css={titleStyle}>{title}</Heading>
      {children && <div css={detailStyle}>{children}</div>}
      {action && <Button onClick={action.onClick}>{action.label}</Button>}
    </section>
  );
}
