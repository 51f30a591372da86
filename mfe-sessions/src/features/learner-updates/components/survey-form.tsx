import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import type { PendingSurvey, Survey } from '@kalike/shared/contracts/surveys';
import { formatLongDay } from '@kalike/shared/format/dates';
import { surveyLimits } from '@kalike/shared/format/session-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldError, inputStyles } from '@kalike/shared/ui/form-field';

import { formatInstantLong } from '@kalike/shared/format/dates';
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

function Thanks({ survey, saved }: { survey: PendingSurvey; saved: Survey }) {
  const theme = useTheme();
  const teacherPath = safeAppPath(survey.teacher.pagePath);
  return (
    <div role="status" css={{ display: 'grid', gap: theme.space(1) }}>
      <p css={{ margin: 0, fontWeight: 600, color: theme.colors.success }}>Thank you for rating {survey.studentName}'s class.</p>
      {saved.reviewId && teacherPath && (
        <p css={{ margin: 0 }}>
          Your review is on{' '}
          <Link to={teacherPath} css={{ color: theme.colors.brand, fontWeight: 600 }}>
            {survey.teacher.name}'s page
          </Link>
          .
        </p>
      )}
    </div>
  );
}

/** The inline survey after an attended class: a rating of 1 to 5 and an optional comment. */
export function SurveyForm({ survey, onDone }: SurveyFormProps) {
  const theme = useTheme();
  const ids = { comment: useId(), counter: useId(), ratingError: useId(), problem: useId() };
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [ratingMissing, setRatingMissing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<SurveyProblem | null>(null);
  const answer = useCreateSurvey(survey.sessionId, survey.batchStudentId);

  if (outcome?.kind === 'saved') return <Thanks survey={survey} saved={outcome.survey} />;
  if (outcome?.kind === 'refused') {
    return (
      <p role="status" css={{ margin: 0, color: theme.colors.textMuted }}>
        {outcome.message}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setRatingMissing(true);
      return;
    }
    setProblem(null);
    const trimmed = comment.trim();
    answer.mutate(
      { sessionId: survey.sessionId, batchStudentId: survey.batchStudentId, rating, ...(trimmed ? { comment: trimmed } : {}) },
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
  };

  return (
    <form onSubmit={submit} noValidate css={{ display: 'grid', gap: theme.space(3) }}>
      <StarRatingField
        legend={`How was the class for ${survey.studentName}?`}
        value={rating}
        onChange={(value) => {
          setRating(value);
          setRatingMissing(false);
        }}
        disabled={answer.isPending}
        errorId={ids.ratingError}
        error={ratingMissing ? 'Choose a rating from 1 to 5 stars.' : undefined}
      />
      <div css={{ display: 'grid', gap: theme.space(1) }}>
        <label htmlFor={ids.comment} css={{ fontWeight: 600 }}>
          A few words for {survey.teacher.name} (optional)
        </label>
        <textarea
          id={ids.comment}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={surveyLimits.commentMax}
          rows={3}
          disabled={answer.isPending}
          aria-describedby={ids.counter}
          css={[inputStyles(theme), { resize: 'vertical', fontFamily: 'inherit' }]}
        />
        <p id={ids.counter} css={{ margin: 0, fontSize: theme.font.size.small, color: theme.colors.textMuted }}>
          A comment is published as a review on the teacher's page under your name. {comment.length} of {surveyLimits.commentMax} characters.
        </p>
      </div>
      {problem && (
        <p id={ids.problem} role="alert" css={{ margin: 0, color: theme.colors.danger }}>
          {problem.message}
        </p>
      )}
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3) }}>
        <Button type="submit" disabled={answer.isPending}>
          {answer.isPending ? 'Sending…' : 'Send rating'}
        </Button>
        <span css={{ fontSize: theme.font.size.small, color: theme.colors.textMuted }}>Answer by {formatLongDay(survey.answerBy)}</span>
      </div>
      <p css={{ margin: 0, fontSize: theme.font.size.small, color: theme.colors.textMuted }}>Class on {formatInstantLong(survey.sessionStartTime)}</p>
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
