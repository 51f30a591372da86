import { useTheme } from '@emotion/react';
import type { BadgeKind } from '@kalike/shared/contracts/teacher-listings';

import { shortBadgeLabels } from '../utils/listing-labels';

/** The teacher's badges as small labels; the teacher page explains what each one means. */
export function BadgeChips({ badges }: { badges: readonly BadgeKind[] }) {
  const theme = useTheme();
  if (badges.length === 0) return null;
  return (
    <ul aria-label="Badges" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: theme.space(1) }}>
      {badges.map((badge) => (
        <li
          key={badge}
          css={{
            fontSize: '0.75rem',
            fontWeight: 600,
            lineHeight: 1.4,
            padding: `0 ${theme.space(2)}`,
            borderRadius: theme.radius.pill,
            background: badge === 'verified' ? theme.colors.brandSoft : '#fff4e0',
            color: badge === 'verified' ? theme.colors.brandDark : '#7a4a00',
          }}
        >
          {shortBadgeLabels[badge]}
        </li>
      ))}
    </ul>
  );
}
