import { useId, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { PendingSurvey, Survey } from '@kalike/shared/contracts/surveys';
import { formatLongDay } from '@kalike/shared/format/dates';
import { surveyLimits } from '@kalike/shared/domain/session-values';
import { Button } from '@kalike/shared/ui/button';
import { Field } from '@kalike/shared/ui/form/field';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { formInput } from '@kalike/shared/ui/form/form-css';

import { formatInstantLong } from '@kalike/shared/format/dates';
import { stack } from '@kalike/shared/ui/layout-styles';
import { brandLinkText, captionText, errorText, mutedText, noMargin, smallMutedText } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { safeAppPath } from '../../../utils/safe-links';
import { useCreateSurvey } from '../api/create-survey';
import { describeSurveyError, type SurveyProblem } from '../utils/survey-errors';
import { StarRating } from './star-rating';

type Outcome = { kind: 'saved'; survey: Survey } | { kind: 'refused'; message: string };

interface SurveyFormProps {
  survey: PendingSurvey;
  /** Called once the survey is over (saved or refused), so the list keeps showing its outcome. */
  onDone: () => void;
}

const thanksStyle = css({ margin: 0, fontWeight: 600, color: colors.success });

function Thanks({ survey, saved }: { survey: PendingSurvey; saved: Survey }) {
  const teacherPath = safeAppPath(survey.teacher.pagePath);
  return (
    <div role="status" css={stack[1]}>
      <p css={thanksStyle}>Thank you for rating {survey.studentName}'s class.</p>
      {saved.reviewId && teacherPath && (
        <p css={noMargin}>
          Your review is on{' '}
          <Link to={teacherPath} css={brandLinkText}>
            {survey.teacher.name}'s page
          </Link>
          .
        </p>
      )}
    </div>
  );
}

const submitRowStyle = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space(3) });

const messageInputStyle = css({ resize: 'vertical', fontFamily: 'inherit' });

/** The inline survey after an attended class: a rating of 1 to 5 and an optional comment. */
export function SurveyForm({ survey, onDone }: SurveyFormProps) {
  const ids = { counter: useId(), ratingError: useId(), problem: useId() };
  const { form } = useCheckedForm<{ rating: number | null; comment: string }>({ defaultValues: { rating: null, comment: '' } });
  const rating = useController({
    control: form.control,
    name: 'rating',
    rules: { validate: (value) => (value === null ? 'Choose a rating from 1 to 5 stars.' : true) },
  });
  const comment = useWatch({ control: form.control, name: 'comment' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<SurveyProblem | null>(null);
  const answer = useCreateSurvey(survey.sessionId, survey.batchStudentId);

  if (outcome?.kind === 'saved') return <Thanks survey={survey} saved={outcome.survey} />;
  if (outcome?.kind === 'refused') {
    return (
      <p role="status" css={mutedText}>
        {outcome.message}
      </p>
    );
  }

  const submit = form.handleSubmit((values) => {
    if (values.rating === null) return;
    setProblem(null);
    const trimmed = values.comment.trim();
    answer.mutate(
      { sessionId: survey.sessionId, batchStudentId: survey.batchStudentId, rating: values.rating, ...(trimmed ? { comment: trimmed } : {}) },
      {
        onSuccess: (saved) => {
          setOutcome({ kind: 'saved', survey: saved });
          onDone();
        },
        onError: (error) => {
          const described = describeSurveyError(error);
          if (described.kind === 'refused') {
            setOutcome(described);
            onDone();
          } else setProblem(described);
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate css={stack[3]}>
      <StarRatingField
        legend={`How was the class for ${survey.studentName}?`}
        value={rating.field.value}
        onChange={(value) => {
          // A controller's change does not pass through the kit's register: clear its problem here.
          rating.field.onChange(value);
          form.clearErrors('rating');
        }}
        disabled={answer.isPending}
        errorId={ids.ratingError}
        error={rating.fieldState.error?.message}
      />
      <Field label={`A few words for ${survey.teacher.name} (optional)`} describedBy={ids.counter}>
        {(control) => (
          <>
            <textarea
              maxLength={surveyLimits.commentMax}
              rows={3}
              disabled={answer.isPending}
              css={[formInput, messageInputStyle]}
              {...control}
              {...form.register('comment')}
            />
            <p id={ids.counter} css={smallMutedText}>
              A comment is published as a review on the teacher's page under your name. {comment.length} of {surveyLimits.commentMax} characters.
            </p>
          </>
        )}
      </Field>
      {problem && (
        <p id={ids.problem} role="alert" css={errorText}>
          {problem.message}
        </p>
      )}
      <div css={submitRowStyle}>
        <Button type="submit" disabled={answer.isPending}>
          {answer.isPending ? 'Sending…' : 'Send rating'}
        </Button>
        <span css={captionText}>Answer by {formatLongDay(survey.answerBy)}</span>
      </div>
      <p css={smallMutedText}>Class on {formatInstantLong(survey.sessionStartTime)}</p>
    </form>
  );
}

function StarRatingField({ error, errorId, ...props }: Parameters<typeof StarRating>[0] & { error?: string; errorId: string }) {
  return (
    <div>
      <StarRating {...props} errorId={error ? errorId : undefined} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
