import { css } from '@emotion/react';
import type { BadgeKind } from '@kalike/shared/contracts/teacher-listings';
import { colors, space, radius } from '@kalike/shared/ui/theme';

import { shortBadgeLabels } from '../utils/listing-labels';

const chipStyles = css({
  fontSize: '0.75rem',
  fontWeight: 600,
  lineHeight: 1.4,
  padding: `0 ${space(2)}`,
  borderRadius: radius.pill,
  background: '#fff4e0',
  color: '#7a4a00',
});
const verifiedChipStyles = css({ background: colors.brandSoft, color: colors.brandDark });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: space(1) });

/** The teacher's badges as small labels; the teacher page explains what each one means. */
export function BadgeChips({ badges }: { badges: readonly BadgeKind[] }) {
  if (badges.length === 0) return null;
  return (
    <ul aria-label="Badges" css={listStyles}>
      {badges.map((badge) => (
        <li key={badge} css={[chipStyles, badge === 'verified' && verifiedChipStyles]}>
          {shortBadgeLabels[badge]}
        </li>
      ))}
    </ul>
  );
}
