import { formatWeekdays } from '@kalike/shared/format/dates';
import { DetailsList } from '@kalike/shared/ui/details-list';

import type { EnquiryDraft } from '../utils/enquiry-draft';
import { timeOfDayLabels } from '@kalike/shared/domain/listing-values';
import { modeLabels } from '../../../utils/enquiry-labels';

/** The answers a request will carry, read back from the draft before it is sent. */
export function RequestSummary({ draft, subject, studentName }: { draft: EnquiryDraft; subject?: string; studentName?: string }) {
  const rows: Array<[string, string]> = [];
  if (subject) rows.push(['Subject', subject]);
  const forWhom: Record<string, string> = { self: 'Myself', new: draft.newStudentName || 'A new child', '': 'Not chosen yet' };
  rows.push(['For', forWhom[draft.student] ?? studentName ?? 'One of your children']);
  rows.push(['Days', draft.preferredDays.length > 0 ? formatWeekdays(draft.preferredDays) : 'Not chosen yet']);
  rows.push(['Times', draft.preferredTimes.length > 0 ? draft.preferredTimes.map((time) => timeOfDayLabels[time].label).join(', ') : 'Not chosen yet']);
  rows.push(['Where', modeLabels[draft.mode]]);
  return <DetailsList rows={rows} />;
}
