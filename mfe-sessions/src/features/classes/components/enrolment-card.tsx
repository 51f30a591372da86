import { css } from '@emotion/react';
import { formatPaise } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { Link } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';

import { formatLongDayWithYear, formatShortDay, istDateKey } from '@kalike/shared/format/dates';
import { upcomingDays } from '@kalike/shared/domain/session-values';
import { stack } from '@kalike/shared/ui/layout-styles';
import { mutedNormalText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';
import { enrolmentAction, enrolmentStatus, enrolmentStatusText, type Enrolment } from '../utils/enrolment-status';
import type { ReportableClass } from '@kalike/shared/contracts/class-not-held';
import { formatTimeRange } from '../../../utils/ist-text';
import { placeText, type NextClass } from '../utils/next-class';
import { LedgerLines } from './ledger-lines';
import { OpenRequests } from './open-requests';
import { RecentClasses } from './recent-classes';

const statusRowStyle = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space(3) });

const statusStyle = css({ margin: 0, fontWeight: 600 });
const urgentStyle = css({ color: colors.danger });
const settledStyle = css({ color: colors.success });

/** A paid pack waiting behind the one in use: "8 classes, starts when this one ends (by 11 Dec 2026)". */
function queuedPackText(pack: Enrolment['queuedPacks'][number]): string {
  const by = pack.validFrom ? ` (by ${formatLongDayWithYear(pack.validFrom)})` : '';
  return `${pack.classesTotal} ${pack.classesTotal === 1 ? 'class' : 'classes'}, starts when this one ends${by}`;
}

/** "Sat, 28 Nov, 10:00 am – 11:00 am", or that none is scheduled in the days the family's sessions cover. */
function nextClassText(nextClass: NextClass): string {
  if (!nextClass) return `None in the next ${upcomingDays.default} days`;
  const { startTime, endTime } = nextClass.session;
  return `${formatShortDay(istDateKey(startTime))}, ${formatTimeRange(startTime, endTime)}`;
}

/**
 * One enrolment: who, which batch, its next class and where, what is left of the pack, the one
 * payment step due, the teacher's open requests, how to reach the teacher, and its recent classes.
 * `nextClass` is undefined while the family's sessions are loading (or could not be read): the card shows without it.
 */
export function EnrolmentCard({
  enrolment,
  today,
  classes = [],
  nextClass,
}: {
  enrolment: Enrolment;
  today: string;
  classes?: readonly ReportableClass[];
  nextClass?: NextClass;
}) {
  const { batchStudent, classPack, balancePaise } = enrolment;
  const status = enrolmentStatus(enrolment, today);
  const action = enrolmentAction(status, batchStudent.id);
  const urgent = status.kind === 'owed' || status.kind === 'used-up' || status.kind === 'expired' || status.kind === 'low';
  const headingId = `enrolment-${batchStudent.id}`;
  const rows: Array<readonly [string, string]> = [
    ['Student', batchStudent.studentName ?? batchStudent.learnerName],
    ['Teacher', batchStudent.teacher.name],
  ];
  if (batchStudent.status !== 'left') {
    if (nextClass !== undefined) rows.push(['Next class', nextClassText(nextClass)]);
    rows.push(['Where', placeText(nextClass?.place ?? batchStudent.batch.place)]);
  }
  if (classPack && classPack.status !== 'pending_payment' && classPack.status !== 'replaced') {
    rows.push(['Classes left', `${classPack.classesLeft} of ${classPack.classesTotal}`]);
    if (classPack.validUntil) rows.push(['Valid until', formatLongDayWithYear(classPack.validUntil)]);
  }
  for (const next of enrolment.queuedPacks) rows.push(['Next', queuedPackText(next)]);
  if (balancePaise > 0) rows.push(['In credit', formatPaise(balancePaise)]);
  return (
    <Card as="article" aria-labelledby={headingId} css={stack[3]}>
      <h2 id={headingId} css={subsectionHeading}>
        {batchStudent.batch.programName}
        <span css={mutedNormalText}> · {batchStudent.batch.name}</span>
      </h2>
      <DetailsList rows={rows} />
      <div css={statusRowStyle}>
        <p css={[statusStyle, urgent ? urgentStyle : settledStyle]}>{enrolmentStatusText(status)}</p>
        {action && (
          <LinkButton to={action.href} variant={urgent || status.kind === 'no-pack' || status.kind === 'awaiting-payment' ? 'primary' : 'secondary'}>
            {action.label}
          </LinkButton>
        )}
      </div>
      <OpenRequests requests={enrolment.openRequests} teacherName={batchStudent.teacher.name} headingId={`requests-${batchStudent.id}`} />
      {classPack && (status.kind === 'healthy' || status.kind === 'low') && <Link to={paths.cancelPack(classPack.id)}>Cancel this pack for a refund</Link>}
      {batchStudent.status !== 'left' && <Link to={paths.enrolmentMessages(batchStudent.id)}>Message {batchStudent.teacher.name}</Link>}
      <RecentClasses classes={classes} />
      <LedgerLines entries={enrolment.recentEntries} />
    </Card>
  );
}
