import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * The signed-in family's My Updates, beside the public feed under `rootKeys.updates`
 * (the feed's keys are `updates/feed/…`, these `updates/learner/…`). Answering a survey
 * refreshes them.
 */
export const learnerUpdateKeys = {
  all: [...rootKeys.updates, 'learner'] as const,
  list: () => [...learnerUpdateKeys.all, 'list'] as const,
  surveyAnswer: (sessionId: string, batchStudentId: string) => [...learnerUpdateKeys.all, 'survey-answer', sessionId, batchStudentId] as const,
};
