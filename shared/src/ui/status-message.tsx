import type { ReactNode } from 'react';
import { css } from '@emotion/react';

import { Button } from '@kalike/shared/ui/button';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

interface StatusMessageProps {
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  action?: { label: string; onClick: () => void };
  /** 1 when the message is the whole page (not found, could not load): its title is the page's heading. */
  headingLevel?: 1 | 2;
}

const titleStyle = css({ fontSize: font.size.large, margin: `0 0 ${space(2)}` });
const detailStyle = css({ color: colors.textMuted, marginBottom: space(4) });

const messageStyle = css({
  textAlign: 'center',
  padding: space(6),
  borderRadius: radius.medium,
  background: colors.surface,
  border: `1px solid ${colors.border}`,
});
const errorMessageStyle = css({ background: colors.dangerSoft, borderColor: colors.danger });

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
