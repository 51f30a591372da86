import { useState } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { PendingSurvey } from '@kalike/shared/contracts/surveys';
import * as paths from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';
import { brandLinkText, eyebrowText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { space, font } from '@kalike/shared/ui/theme';

import { usePendingSurveys } from '../api/get-pending-surveys';
import { SurveyForm } from './survey-form';

const promptCardStyle = css({ display: 'grid', gap: space(2), marginBottom: space(4) });
const moreToRateStyle = css({ margin: 0, fontSize: font.size.small });

/**
 * "Rate your last class" for the family's most recent attended class that has no rating yet
 * (the API's pending surveys). Once answered, its thanks stays until the page is left, even
 * though the refreshed list no longer has it; the rest wait in My Updates.
 */
export function RateLastClass({ learnerAccountId }: { learnerAccountId: string }) {
  const pending = usePendingSurveys(learnerAccountId);
  const [answered, setAnswered] = useState<PendingSurvey | null>(null);
  const surveys = pending.data ?? [];
  const survey = answered ?? surveys[0];
  if (!survey) return null;
  const more = surveys.filter((other) => other.sessionId !== survey.sessionId || other.batchStudentId !== survey.batchStudentId).length;
  const headingId = `rate-last-class-${survey.sessionId}-${survey.batchStudentId}`;
  return (
    <Card as="section" aria-labelledby={headingId} css={promptCardStyle}>
      <p css={eyebrowText}>Rate your last class</p>
      <h2 id={headingId} css={subsectionHeading}>
        {survey.batch.programName} with {survey.teacher.name}
      </h2>
      <SurveyForm key={`${survey.sessionId}:${survey.batchStudentId}`} survey={survey} onDone={() => setAnswered(survey)} />
      {more > 0 && (
        <p css={moreToRateStyle}>
          <Link to={paths.updates()} css={brandLinkText}>
            {more === 1 ? '1 more class to rate' : `${more} more classes to rate`} in My Updates
          </Link>
        </p>
      )}
    </Card>
  );
}
