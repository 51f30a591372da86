import { Link, useParams } from 'react-router-dom';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { formatLongDay, istDateKey } from '@kalike/shared/format/dates';
import { isUuid } from '@kalike/shared/domain/uuid';
import * as paths from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { stack } from '@kalike/shared/ui/layout-styles';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { brandLinkText, mutedText, noMargin, spacedSectionHeading, strongText } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { PostUpdateForm } from '../../features/teach/class-updates/components/post-update-form';
import { useSessionRegister } from '../../features/teach/register/api/session-register';
import { CancelClassForm } from '../../features/teach/register/components/cancel-class-form';
import { ExtraClassForm } from '../../features/teach/register/components/extra-class-form';
import { HolidayForm } from '../../features/teach/register/components/holiday-form';
import { RegisterForm } from '../../features/teach/register/components/register-form';
import { DemoStudents } from '../../features/sessions/components/demo-students';
import { SessionPlace } from '../../features/sessions/components/session-place';
import { formatTimeRange } from '../../utils/ist-text';

const backStyle = css(brandLinkText, { display: 'inline-flex', alignItems: 'center', minHeight: '44px', marginBottom: space(2) });
const cancelledStyle = css({ margin: 0, color: colors.danger, fontWeight: 600 });

function Register({ sessionId }: { sessionId: string }) {
  const register = useSessionRegister(sessionId);
  if (register.isPending) return <PageLoading label="Loading the register" rows={3} rowHeight="6rem" />;
  if (register.isError) {
    if (register.error.statusCode === 404) {
      return (
        <StatusMessage title="This class is not one of yours">
          It may belong to another teacher&apos;s batch. Your classes are on <Link to={paths.teachSchedule()}>your schedule</Link>.
        </StatusMessage>
      );
    }
    return (
      <StatusMessage tone="error" title="The register could not be loaded" action={{ label: 'Try again', onClick: () => void register.refetch() }}>
        {readableErrorMessage(register.error)}
      </StatusMessage>
    );
  }
  const { session, batch } = register.data;
  return (
    <div css={stack[6]}>
      <Card css={stack[1]}>
        <p css={strongText}>
          {batch.programName} · {batch.name}
        </p>
        <p css={noMargin}>
          <strong>{formatLongDay(istDateKey(session.startTime))}</strong>, {formatTimeRange(session.startTime, session.endTime)}
        </p>
        <SessionPlace place={batch.place} showJoin />
        {session.status === 'cancelled' && <p css={cancelledStyle}>Cancelled{session.cancelReason ? `: ${session.cancelReason}` : ''}</p>}
        {session.status === 'completed' && <p css={mutedText}>Register taken</p>}
      </Card>

      <section aria-labelledby="register-heading">
        <h2 id="register-heading" css={spacedSectionHeading}>
          Register
        </h2>
        <DemoStudents session={register.data.session} reader="teacher" />
        <RegisterForm register={register.data} />
      </section>

      {register.data.cancellable && (
        <section aria-labelledby="cancel-heading">
          <h2 id="cancel-heading" css={spacedSectionHeading}>
            Cancel this class
          </h2>
          <CancelClassForm sessionId={session.id} />
        </section>
      )}

      <section aria-labelledby="holiday-heading">
        <h2 id="holiday-heading" css={spacedSectionHeading}>
          Add a holiday for this batch
        </h2>
        <HolidayForm sessionId={session.id} batchId={batch.id} batchName={batch.name} />
      </section>

      <section aria-labelledby="extra-class-heading">
        <h2 id="extra-class-heading" css={spacedSectionHeading}>
          Add an extra class for this batch
        </h2>
        <ExtraClassForm sessionId={session.id} batchId={batch.id} batchName={batch.name} />
      </section>

      <section aria-labelledby="post-heading">
        <h2 id="post-heading" css={spacedSectionHeading}>
          Post to this batch
        </h2>
        <PostUpdateForm batchId={batch.id} batchName={batch.name} />
      </section>
    </div>
  );
}

/** `/teach/sessions/:sessionId`: one class's register, cancel and holiday, and a post to its batch. */
export default function TeachSessionPage() {
  const { sessionId = '' } = useParams();
  return (
    <PageColumn>
      <DocumentTitle>Class register</DocumentTitle>
      <Link to={paths.teachSchedule()} css={backStyle}>
        ← Schedule
      </Link>
      <PageTitle>Class register</PageTitle>
      {isUuid(sessionId) ? (
        <Register sessionId={sessionId} />
      ) : (
        <StatusMessage title="No such class">
          This link does not name a class. Your classes are on <Link to={paths.teachSchedule()}>your schedule</Link>.
        </StatusMessage>
      )}
    </PageColumn>
  );
}
