import { useTheme } from '@emotion/react';
import { formatPaise } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { LinkButton } from '@kalike/shared/ui/link-button';

import { formatLongDayWithYear } from '@kalike/shared/format/dates';
import { enrolmentAction, enrolmentStatus, enrolmentStatusText, type Enrolment } from '../utils/enrolment-status';
import { LedgerLines } from './ledger-lines';

/** One enrolment: who, which batch, what is left of the pack, and the one payment step due. */
export function EnrolmentCard({ enrolment, today }: { enrolment: Enrolment; today: string }) {
  const theme = useTheme();
  const { batchStudent, classPack, balancePaise } = enrolment;
  const status = enrolmentStatus(enrolment, today);
  const action = enrolmentAction(status, batchStudent.id);
  const urgent = status.kind === 'owed' || status.kind === 'used-up' || status.kind === 'expired' || status.kind === 'low';
  const headingId = `enrolment-${batchStudent.id}`;
  const rows: Array<readonly [string, string]> = [
    ['Student', batchStudent.studentName ?? batchStudent.learnerName],
    ['Teacher', batchStudent.teacher.name],
  ];
  if (classPack && classPack.status !== 'pending_payment' && classPack.status !== 'replaced') {
    rows.push(['Classes left', `${classPack.classesLeft} of ${classPack.classesTotal}`]);
    if (classPack.validUntil) rows.push(['Valid until', formatLongDayWithYear(classPack.validUntil)]);
  }
  if (balancePaise > 0) rows.push(['In credit', formatPaise(balancePaise)]);
  return (
    <Card as="article" aria-labelledby={headingId} css={{ display: 'grid', gap: theme.space(3) }}>
      <h2 id={headingId} css={{ margin: 0, fontSize: theme.font.size.body }}>
        {batchStudent.batch.programName}
        <span css={{ fontWeight: 400, color: theme.colors.textMuted }}> · {batchStudent.batch.name}</span>
      </h2>
      <DetailsList rows={rows} />
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: theme.space(3) }}>
        <p css={{ margin: 0, fontWeight: 600, color: urgent ? theme.colors.danger : theme.colors.success }}>{enrolmentStatusText(status)}</p>
        {action && (
          <LinkButton to={action.href} variant={urgent || status.kind === 'no-pack' || status.kind === 'awaiting-payment' ? 'primary' : 'secondary'}>
            {action.label}
          </LinkButton>
        )}
      </div>
      <LedgerLines entries={enrolment.recentEntries} />
    </Card>
  );
}
