import { useState } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { istDateKey } from '@kalike/shared/format/dates';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { demoClassDays, useDemoClasses } from '../features/demo-classes/api/get-demo-classes';
import { DemoClassDays } from '../features/demo-classes/components/demo-class-days';
import { groupByIstDay } from '../features/demo-classes/utils/group-by-day';
import { NearLocation } from '../features/listings/components/near-location';
import { useLearnerPoint } from '@kalike/shared/location/learner-point';
import { colors, space } from '@kalike/shared/ui/theme';

const introStyles = css({ margin: `0 0 ${space(1)}`, color: colors.textMuted });

/** `/meet`: demo classes near the learner in the coming week, to try a teacher before paying. */
export default function MeetPage() {
  const point = useLearnerPoint();
  const demos = useDemoClasses(point);
  // Fixed for the visit: "Today" must not move under the reader at midnight.
  const [today] = useState(() => istDateKey(new Date()));

  let content;
  if (demos.isPending) content = <SkeletonList rows={4} rowHeight="10rem" label="Loading demo classes" />;
  else if (demos.isError) {
    content = (
      <StatusMessage tone="error" title="Demo classes could not be loaded" action={{ label: 'Try again', onClick: () => void demos.refetch() }}>
        {readableErrorMessage(demos.error)}
      </StatusMessage>
    );
  } else if (demos.data.length === 0) {
    content = (
      <StatusMessage title={`No demo classes near you in the next ${demoClassDays} days`}>
        <p>
          Many teachers offer a first class on request. <Link to={paths.teachers()}>Find a teacher</Link> and enquire, or{' '}
          <Link to={paths.enquiry({ refPage: paths.meet(), refSection: 'ask_demo' })}>request a class</Link>.
        </p>
      </StatusMessage>
    );
  } else content = <DemoClassDays days={groupByIstDay(demos.data)} today={today} />;

  return (
    <PageColumn>
      <DocumentTitle>Demo classes near you</DocumentTitle>
      <PageTitle>Try a class before you pay</PageTitle>
      <p css={introStyles}>Demo classes near you in the next {demoClassDays} days. Times are in Bengaluru time (IST).</p>
      <NearLocation />
      {content}
    </PageColumn>
  );
}
