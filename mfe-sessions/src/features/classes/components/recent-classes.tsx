import { css } from '@emotion/react';
import { useState } from 'react';
import type { ClassReport, ReportableClass } from '@kalike/shared/contracts/class-not-held';
import { addDaysToDateKey, formatLongDay, istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { plainList, spacedRowTop } from '@kalike/shared/ui/layout-styles';
import { captionText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { ReportClassForm } from './report-class-form';

const linkButtonStyle = css({
  background: 'none',
  border: 0,
  padding: 0,
  minHeight: '44px',
  color: colors.brand,
  fontWeight: 600,
  cursor: 'pointer',
  font: 'inherit',
  textAlign: 'right',
});
const statusStyle = css({ margin: 0, textAlign: 'right' });

/** What the family reads about their report. */
export function reportStatusText(report: ClassReport): string {
  if (report.status === 'open') return 'Reported: Kalike is looking into it';
  if (report.status === 'refunded') return report.refundedPaise ? `Refunded: ${formatPaise(report.refundedPaise)}` : 'Refunded: the class is no longer owed';
  return `Not refunded: ${report.resolution ?? 'Kalike found the class was held'}`;
}

function ClassLine({ line }: { line: ReportableClass }) {
  const [open, setOpen] = useState(false);
  const label = formatLongDay(line.classOn);
  // reportableUntil is the midnight that closes reports; the day before it is the last day.
  const lastDay = formatLongDay(addDaysToDateKey(istDateKey(line.reportableUntil), -1));
  return (
    <li>
      <div css={spacedRowTop}>
        <span>
          {label}
          {!line.report && (
            <>
              <br />
              <span css={captionText}>Can be reported until {lastDay}</span>
            </>
          )}
        </span>
        {line.report ? (
          <p css={statusStyle}>{reportStatusText(line.report)}</p>
        ) : (
          !open && (
            <button type="button" css={linkButtonStyle} onClick={() => setOpen(true)} aria-label={`Class did not happen? (${label})`}>
              Class did not happen?
            </button>
          )
        )}
      </div>
      {open && !line.report && (
        <ReportClassForm batchStudentId={line.batchStudentId} sessionId={line.sessionId} classLabel={label} onClose={() => setOpen(false)} />
      )}
    </li>
  );
}

/** The enrolment's recent past classes: each can be reported as not held for a few days, then shows what Kalike decided. */
export function RecentClasses({ classes }: { classes: readonly ReportableClass[] }) {
  if (classes.length === 0) return null;
  const headingId = `recent-classes-${classes[0]?.batchStudentId ?? ''}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} css={subsectionHeading}>
        Recent classes
      </h3>
      <ul css={plainList}>
        {classes.map((line) => (
          <ClassLine key={line.sessionId} line={line} />
        ))}
      </ul>
    </section>
  );
}
