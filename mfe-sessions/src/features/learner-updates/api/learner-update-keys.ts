import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * The signed-in family's My Updates, beside the public feed under `rootKeys.updates`
 * (the feed's keys are `updates/feed/…`, these `updates/learner/…`), and the classes the
 * family has still to rate. Answering a survey refreshes them all.
 */
export const learnerUpdateKeys = {
  all: [...rootKeys.updates, 'learner'] as const,
  list: () => [...learnerUpdateKeys.all, 'list'] as const,
  pendingSurveys: (learnerAccountId: string) => [...learnerUpdateKeys.all, 'pending-surveys', learnerAccountId] as const,
  surveyAnswer: (sessionId: string, batchStudentId: string) => [...learnerUpdateKeys.all, 'survey-answer', sessionId, batchStudentId] as const,
};
