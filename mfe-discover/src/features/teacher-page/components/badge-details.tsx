import { css } from '@emotion/react';
import type { Badge } from '@kalike/shared/contracts/teacher-listings';
import { formatDate } from '@kalike/shared/format/dates';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

const sectionStyles = css({ marginTop: space(6) });
const headingStyles = css({ fontSize: font.size.large, margin: `0 0 ${space(3)}` });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });
const itemStyles = css({
  padding: space(4),
  borderRadius: radius.medium,
  background: colors.surface,
  border: `1px solid ${colors.border}`,
});
const subheadingStyles = css({ fontSize: font.size.body, margin: 0 });
const meaningStyles = css({ margin: `${space(1)} 0` });
const reasonStyles = css({ margin: 0, fontSize: font.size.small, color: colors.textMuted });

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
