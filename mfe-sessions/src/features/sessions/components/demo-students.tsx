import { css } from '@emotion/react';
import type { Session } from '@kalike/shared/contracts/sessions';
import { demoClassPrice } from '@kalike/shared/domain/demo-class';
import { noMargin } from '@kalike/shared/ui/text-styles';
import { colors, font, space } from '@kalike/shared/ui/theme';

import { joinNames } from '../../../utils/people';

const badgeStyle = css({
  display: 'inline-block',
  marginRight: space(1.5),
  padding: `0 ${space(1.5)}`,
  borderRadius: '999px',
  background: colors.brandSoft,
  color: colors.brandDark,
  fontSize: font.size.small,
  fontWeight: 700,
});

/**
 * Who comes to this class for a demo (booked from an enquiry): not in the batch, so nothing to
 * mark or pay. `reader` words it for the family (their own child) or the teacher (everyone booked).
 */
export function DemoStudents({ session, reader }: { session: Pick<Session, 'demoStudents'>; reader: 'learner' | 'teacher' }) {
  const names = (session.demoStudents ?? []).map((student) => student.name);
  if (names.length === 0) return null;
  const named = names.filter((name) => name.trim() !== '');
  const who = joinNames(named.length < names.length ? [...named, reader === 'learner' ? 'you' : 'a learner'] : named);
  return (
    <p css={noMargin}>
      <span css={badgeStyle}>Demo</span>
      {reader === 'learner' ? `${demoClassPrice.label} for ${who}` : `Demo (${names.length}): ${who}. ${demoClassPrice.label}, nothing to mark.`}
    </p>
  );
}
