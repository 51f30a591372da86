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
  const rows: Array<[string, string]> = [
    ['Pack', classPack.plan.name],
    ['Status', classPackLifecycle.labels[classPack.status]],
    ['Classes left', `${classPack.classesLeft} of ${classPack.classesTotal}`],
  ];
  if (classPack.validUntil) rows.push(['Valid until', formatCalendarDate(classPack.validUntil)]);
  return <BalanceCard title={title} rows={rows} />;
}

/** A paid pack waiting behind the one in use: it starts when that one ends, by its first day. */
export function QueuedPackBalance({ classPack }: { classPack: BatchStudentPlan }) {
  const rows: Array<[string, string]> = [
    ['Pack', classPack.plan.name],
    ['Classes', `${classPack.classesTotal}`],
  ];
  if (classPack.validFrom) rows.push(['Starts', `when the current pack ends, by ${formatCalendarDate(classPack.validFrom)}`]);
  return <BalanceCard title="Next pack, paid and waiting" rows={rows} />;
}

function BalanceCard({ title, rows }: { title: string; rows: Array<[string, string]> }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} css={stack[3]}>
      <h2 id={headingId} css={sectionHeading}>
        {title}
      </h2>
      <DetailsList rows={rows} />
    </Card>
  );
}
