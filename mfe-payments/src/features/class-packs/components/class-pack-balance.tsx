import { useId } from 'react';
import type { BatchStudentPlan } from '@kalike/shared/contracts/payments';
import { classPackLifecycle } from '@kalike/shared/domain/class-pack-lifecycle';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { stack } from '@kalike/shared/ui/layout-styles';
import { sectionHeading } from '@kalike/shared/ui/text-styles';

/** What is left of a class pack, as the ledger says: classes left and until when. */
export function ClassPackBalance({ classPack, title = 'Your class pack' }: { classPack: BatchStudentPlan; title?: string }) {
  const headingId = useId();
  const rows: Array<[string, string]> = [
    ['Pack', classPack.plan.name],
    ['Status', classPackLifecycle.labels[classPack.status]],
    ['Classes left', `${classPack.classesLeft} of ${classPack.classesTotal}`],
  ];
  if (classPack.validUntil) rows.push(['Valid until', formatCalendarDate(classPack.validUntil)]);
  return (
    <Card as="section" aria-labelledby={headingId} css={stack[3]}>
      <h2 id={headingId} css={sectionHeading}>
        {title}
      </h2>
      <DetailsList rows={rows} />
    </Card>
  );
}
