import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { formatWeekdays } from '@kalike/shared/format/dates';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { spacedSectionHeading } from '@kalike/shared/ui/text-styles';

import { timeOfDayLabels } from '@kalike/shared/domain/listing-values';
import { levelLabels, modeLabels } from '../../../utils/enquiry-labels';

/** What the learner asked for: to the learner "Your request", to the teacher what the family asked. */
export function RequestDetails({ enquiry, reader = 'learner' }: { enquiry: Enquiry; reader?: 'learner' | 'teacher' }) {
  const { details, contact } = enquiry;
  const rows: Array<[string, string]> = [
    ['For', enquiry.student?.name ?? (reader === 'teacher' ? `${contact.name} (for themself)` : 'Myself')],
    ['Program', enquiry.program?.name ?? 'Not chosen'],
    ['Days', formatWeekdays(enquiry.preferredDays)],
    ['Times', enquiry.preferredTimes.map((time) => timeOfDayLabels[time].label).join(', ')],
    ['Where', modeLabels[enquiry.mode]],
  ];
  if (details.studentAgeYears !== null) rows.push(['Age', `${details.studentAgeYears} years`]);
  if (details.level) rows.push(['Level', levelLabels[details.level].label]);
  if (details.goals) rows.push(['Goals', details.goals]);
  if (enquiry.message) rows.push(['Message', enquiry.message]);
  rows.push(['Contact', [contact.name, contact.phone, contact.alternatePhone].filter(Boolean).join(' · ')]);
  return (
    <section aria-labelledby="request-heading">
      <h2 id="request-heading" css={spacedSectionHeading}>
        {reader === 'teacher' ? 'What they asked for' : 'Your request'}
      </h2>
      <DetailsList rows={rows} />
    </section>
  );
}
