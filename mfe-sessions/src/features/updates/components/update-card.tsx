import { useTheme } from '@emotion/react';
import type { ClassUpdate } from '@kalike/shared/contracts/class-updates';
import { formatDateTime } from '@kalike/shared/format/dates';
import { Card } from '@kalike/shared/ui/card';

const kindLabels: Record<ClassUpdate['kind'], string> = {
  new_batch: 'New batch',
  schedule_change: 'Schedule change',
  holiday: 'Holiday',
  event: 'Event',
  achievement: 'Achievement',
};

export function UpdateCard({ update }: { update: ClassUpdate }) {
  const theme = useTheme();
  return (
    <Card as="article" aria-labelledby={`update-${update.id}`}>
      <p css={{ margin: 0, fontSize: theme.font.size.small, color: theme.colors.brandDark, fontWeight: 700 }}>
        {kindLabels[update.kind]}
        {update.locality ? ` · ${update.locality.name}` : ''}
      </p>
      <h3 id={`update-${update.id}`} css={{ fontSize: theme.font.size.body, margin: `${theme.space(1)} 0` }}>
        {update.title}
      </h3>
      <p css={{ margin: `0 0 ${theme.space(2)}` }}>{update.body}</p>
      <p css={{ margin: 0, fontSize: theme.font.size.small, color: theme.colors.textMuted }}>
        {update.teacher.name}
        {update.batchName ? `, ${update.batchName}` : ''} · <time dateTime={update.publishedAt}>{formatDateTime(update.publishedAt)}</time>
      </p>
    </Card>
  );
}
