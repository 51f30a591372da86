import { css } from '@emotion/react';
import type { ClassUpdate } from '@kalike/shared/contracts/class-updates';
import { formatDateTime } from '@kalike/shared/format/dates';
import { Card } from '@kalike/shared/ui/card';
import { eyebrowText, smallMutedText } from '@kalike/shared/ui/text-styles';
import { space, font } from '@kalike/shared/ui/theme';

const kindLabels: Record<ClassUpdate['kind'], string> = {
  new_batch: 'New batch',
  schedule_change: 'Schedule change',
  holiday: 'Holiday',
  event: 'Event',
  achievement: 'Achievement',
};

const titleStyle = css({ fontSize: font.size.body, margin: `${space(1)} 0` });
const bodyStyle = css({ margin: `0 0 ${space(2)}` });

export function UpdateCard({ update }: { update: ClassUpdate }) {
  return (
    <Card as="article" aria-labelledby={`update-${update.id}`}>
      <p css={eyebrowText}>
        {kindLabels[update.kind]}
        {update.locality ? ` · ${update.locality.name}` : ''}
      </p>
      <h3 id={`update-${update.id}`} css={titleStyle}>
        {update.title}
      </h3>
      <p css={bodyStyle}>{update.body}</p>
      <p css={smallMutedText}>
        {update.teacher.name}
        {update.batchName ? `, ${update.batchName}` : ''} · <time dateTime={update.publishedAt}>{formatDateTime(update.publishedAt)}</time>
      </p>
    </Card>
  );
}
