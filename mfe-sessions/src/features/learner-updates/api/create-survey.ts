import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import type { CreateSurveyBody, Survey } from '@kalike/shared/contracts/surveys';
import { rootKeys } from '@kalike/shared/query/query-keys';

import { learnerUpdateKeys } from './learner-update-keys';

export function createSurvey(body: CreateSurveyBody): Promise<Survey> {
  return apiSend<Survey>('post', 'v1/surveys', body);
}

/**
 * Answers one pending survey. Whatever the answer (saved, or refused because it was already
 * answered or its window closed), My Updates and the pending surveys are fetched again so
 * they reflect the API.
 */
export function useCreateSurvey(sessionId: string, batchStudentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: learnerUpdateKeys.surveyAnswer(sessionId, batchStudentId),
    mutationFn: createSurvey,
    // The rating joins the teacher's, and a comment becomes a review: their page is stale now.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rootKeys.listings }),
    // My Updates and the prompt to rate a class both list pending surveys.
    onSettled: () => queryClient.invalidateQueries({ queryKey: learnerUpdateKeys.all }),
  });
}
