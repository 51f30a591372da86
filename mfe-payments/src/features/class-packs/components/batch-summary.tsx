import { useId } from 'react';
import type { BatchStudentSummary } from '@kalike/shared/contracts/payments';
import type { EnquiryBatch } from '@kalike/shared/contracts/enquiries';
import { formatClockTime, formatWeekdays } from '@kalike/shared/format/dates';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { stack } from '@kalike/shared/ui/layout-styles';
import { sectionHeading } from '@kalike/shared/ui/text-styles';

export function placeText(place: EnquiryBatch['place']): string {
  if (place.kind === 'online') return 'Online';
  if (place.kind === 'learner_home') return `At your home, near ${place.name}`;
  return place.kind === 'apartment' ? `${place.name} (apartment)` : place.name;
}

interface BatchSummaryProps {
  batch: EnquiryBatch;
  teacherName: string;
  /** Who attends; left out when not known yet. */
  studentName?: string | null;
}

/** The batch being paid for, as a parent checks it: teacher, who, program, days, time, place. */
export function BatchSummary({ batch, teacherName, studentName }: BatchSummaryProps) {
  const headingId = useId();
  const rows: Array<[string, string]> = [['Teacher', teacherName]];
  if (studentName) rows.push(['Student', studentName]);
  rows.push(
    ['Program', batch.programName],
    ['Days', formatWeekdays(batch.daysOfWeek)],
    ['Time', `${formatClockTime(batch.startTime)} to ${formatClockTime(batch.endTime)} (IST)`],
    ['Place', placeText(batch.place)],
  );
  return (
    <Card as="section" aria-labelledby={headingId} css={stack[2]}>
      <h2 id={headingId} css={sectionHeading}>
        {batch.name}
      </h2>
      <DetailsList rows={rows} />
    </Card>
  );
}

/** The batch student's summary, with the learner standing in when they attend themself. */
export function BatchStudentSummaryCard({ batchStudent }: { batchStudent: BatchStudentSummary }) {
  return <BatchSummary batch={batchStudent.batch} teacherName={batchStudent.teacher.name} studentName={batchStudent.studentName ?? batchStudent.learnerName} />;
}
