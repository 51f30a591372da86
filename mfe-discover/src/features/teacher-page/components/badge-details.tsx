import { useTheme } from '@emotion/react';
import type { Badge } from '@kalike/shared/contracts/teacher-listings';
import { formatDate } from '@kalike/shared/format/dates';

/** Every badge the teacher holds, what it means, why they hold it and since when. */
export function BadgeDetails({ badges }: { badges: readonly Badge[] }) {
  const theme = useTheme();
  if (badges.length === 0) return null;
  return (
    <section aria-labelledby="teacher-badges" css={{ marginTop: theme.space(6) }}>
      <h2 id="teacher-badges" css={{ fontSize: theme.font.size.large, margin: `0 0 ${theme.space(3)}` }}>
        Badges
      </h2>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space(3) }}>
        {badges.map((badge) => (
          <li key={badge.kind} css={{ padding: theme.space(4), borderRadius: theme.radius.medium, background: theme.colors.surface, border: `1px solid ${theme.colors.border}` }}>
            <h3 css={{ fontSize: theme.font.size.body, margin: 0 }}>{badge.label}</h3>
            <p css={{ margin: `${theme.space(1)} 0` }}>{badge.meaning}</p>
            <p css={{ margin: 0, fontSize: theme.font.size.small, color: theme.colors.textMuted }}>{badge.reason}</p>
            <p css={{ margin: 0, fontSize: theme.font.size.small, color: theme.colors.textMuted }}>Since {formatDate(badge.grantedAt)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
