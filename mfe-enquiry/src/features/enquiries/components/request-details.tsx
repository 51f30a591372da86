import type { ReactNode } from 'react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { formatWeekdays } from '@kalike/shared/format/dates';
import { formatIndianPhone, telHref } from '@kalike/shared/format/phone';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { spacedSectionHeading } from '@kalike/shared/ui/text-styles';

import { timeOfDayLabels } from '@kalike/shared/domain/listing-values';
import { levelLabels, modeLabels } from '../../../utils/enquiry-labels';

/** What the learner asked for: to the learner "Your request", to the teacher what the family asked. */
/** The family's numbers, each formatted and, for the teacher, a link to call. */
function contactValue(contact: Enquiry['contact'], reader: 'learner' | 'teacher'): ReactNode {
  const phones = [contact.phone, contact.alternatePhone].filter((phone): phone is string => Boolean(phone));
  if (reader === 'learner') return [contact.name, ...phones.map(formatIndianPhone)].join(' · ');
  return (
    <>
      {contact.name}
      {phones.map((phone) => (
        <span key={phone}>
          {' · '}
          <a href={telHref(phone)}>{formatIndianPhone(phone)}</a>
        </span>
      ))}
    </>
  );
}

export function RequestDetails({ enquiry, reader = 'learner' }: { enquiry: Enquiry; reader?: 'learner' | 'teacher' }) {
  const { details, contact } = enquiry;
  const rows: Array<[string, ReactNode]> = [
    ['For', enquiry.student?.name ?? (reader === 'teacher' ? `${contact.name} (for themself)` : 'Myself')],
    ['Program', enquiry.program?.name ?? 'Not chosen'],
    ['Days', formatWeekdays(enquiry.preferredDays)],
    ['Times', enquiry.preferredTimes.map((time) => timeOfDayLabels[time].label).join(', ')],
    ['Where', modeLabels[enquiry.mode]],
  ];
  // The age the family gave, else the one from the date of birth on their account.
  const age = details.studentAgeYears ?? enquiry.student?.ageYears ?? null;
  if (age !== null) rows.push(['Age', `${age} years`]);
  if (details.level) rows.push(['Level', levelLabels[details.level].label]);
  if (details.goals) rows.push(['Goals', details.goals]);
  if (enquiry.message) rows.push(['Message', enquiry.message]);
  rows.push(['Contact', contactValue(contact, reader)]);
  return (
    <section aria-labelledby="request-heading">
      <h2 id="request-heading" css={spacedSectionHeading}>
        {reader === 'teacher' ? 'What they asked for' : 'Your request'}
      </h2>
      <DetailsList rows={rows} />
    </section>
  );
}
