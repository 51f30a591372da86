import { css } from '@emotion/react';
import type { Badge } from '@kalike/shared/contracts/teacher-listings';
import { formatDate } from '@kalike/shared/format/dates';
import { theme } from '@kalike/shared/ui/theme';

const sectionStyles = css({ marginTop: theme.space(6) });
const headingStyles = css({ fontSize: theme.font.size.large, margin: `0 0 ${theme.space(3)}` });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space(3) });
const itemStyles = css({
  padding: theme.space(4),
  borderRadius: theme.radius.medium,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
});
const subheadingStyles = css({ fontSize: theme.font.size.body, margin: 0 });
const meaningStyles = css({ margin: `${theme.space(1)} 0` });
const reasonStyles = css({ margin: 0, fontSize: theme.font.size.small, color: theme.colors.textMuted });

/** Every badge the teacher holds, what it means, why they hold it and since when. */
export function BadgeDetails({ badges }: { badges: readonly Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <section aria-labelledby="teacher-badges" css={sectionStyles}>
      <h2 id="teacher-badges" css={headingStyles}>
        Badges
      </h2>
      <ul css={listStyles}>
        {badges.map((badge) => (
          <li key={badge.kind} css={itemStyles}>
            <h3 css={subheadingStyles}>{badge.label}</h3>
            <p css={meaningStyles}>{badge.meaning}</p>
            <p css={reasonStyles}>{badge.reason}</p>
            <p css={reasonStyles}>Since {formatDate(badge.grantedAt)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
