import { useId } from 'react';
import { useTheme } from '@emotion/react';
import type { BatchStudentPlan } from '@kalike/shared/contracts/payments';
import { classPackStatusLabels } from '@kalike/shared/format/class-pack-lifecycle';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';

/** What is left of a class pack, as the ledger says: classes left and until when. */
export function ClassPackBalance({ classPack, title = 'Your class pack' }: { classPack: BatchStudentPlan; title?: string }) {
  const theme = useTheme();
  const headingId = useId();
  const rows: Array<[string, string]> = [
    ['Pack', classPack.plan.name],
    ['Status', classPackStatusLabels[classPack.status]],
    ['Classes left', `${classPack.classesLeft} of ${classPack.classesTotal}`],
  ];
  if (classPack.validUntil) rows.push(['Valid until', formatCalendarDate(classPack.validUntil)]);
  return (
    <Card as="section" aria-labelledby={headingId} css={{ display: 'grid', gap: theme.space(3) }}>
      <h2 id={headingId} css={{ margin: 0, fontSize: theme.font.size.large }}>
        {title}
      </h2>
      <DetailsList rows={rows} />
    </Card>
  );
}
