import { isApiError, readableErrorMessage } from '@kalike/shared/api/api-error';

/** The API's refusals of a survey answer (409), in words a parent reads. */
const refusals: Record<string, string> = {
  SURVEY_ALREADY_ANSWERED: 'This class has already been rated from your account. Thank you!',
  SURVEY_NOT_ALLOWED: 'Only a class the student was marked present for can be rated.',
  SURVEY_WINDOW_CLOSED: 'The time to rate this class has passed.',
};

export type SurveyProblem = { kind: 'refused'; message: string } | { kind: 'failed'; message: string };

/** A refusal ends the survey (the item is refreshed); anything else can be sent again. */
export function describeSurveyError(error: unknown): SurveyProblem {
  if (isApiError(error) && error.statusCode === 409) {
    return { kind: 'refused', message: refusals[error.code] ?? readableErrorMessage(error) };
  }
  return { kind: 'failed', message: readableErrorMessage(error) };
}
