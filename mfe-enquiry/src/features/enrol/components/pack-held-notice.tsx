import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import * as paths from '@kalike/shared/routing/paths';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { noMargin, sectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, radius, space } from '@kalike/shared/ui/theme';

import type { PackHeld } from '../api/get-pack-held';

const noticeStyle = css({
  display: 'grid',
  gap: space(3),
  padding: space(4),
  borderRadius: radius.medium,
  background: colors.brandSoft,
  overflowWrap: 'anywhere',
});

const classes = (count: number) => `${count}-class`;

/**
 * Said at the top of /enroll when the attendee already has a pack in use in the offered batch:
 * what they hold, until when (as people write a date), and what the API allows instead: the
 * next pack, starting when this one ends, or nothing yet, in the API's own words.
 */
export function PackHeldNotice({ held }: { held: PackHeld }) {
  const { classPack, nextPack, studentName } = held;
  const whose = studentName ? `${studentName}'s` : 'Your';
  const who = studentName ?? 'You';
  return (
    <section role="status" aria-labelledby="pack-held" css={noticeStyle}>
      <h2 id="pack-held" css={sectionHeading}>
        {whose} {classes(classPack.classesTotal)} pack is active until {formatCalendarDate(classPack.validUntil)}
      </h2>
      <p css={noMargin}>
        {who} {studentName ? 'is' : 'are'} already in this batch, so there is nothing to enrol in.
      </p>
      {nextPack?.allowed && nextPack.startsOn && (
        <>
          <p css={noMargin}>You can pay for the next pack now. It starts on {formatCalendarDate(nextPack.startsOn)}, when this one ends.</p>
          <LinkButton to={paths.paymentStep('select-payment-plan', held.batchStudentId)}>Choose the next pack</LinkButton>
        </>
      )}
      {nextPack && !nextPack.allowed && (
        <>
          {nextPack.message && <p css={noMargin}>{nextPack.message}</p>}
          <Link to={paths.classes()}>Go to My Classes</Link>
        </>
      )}
    </section>
  );
}
