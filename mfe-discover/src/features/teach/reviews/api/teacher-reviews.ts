import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { ReviewReplyBody, TeacherReview, TeacherReviews } from '@kalike/shared/contracts/teacher-reviews';
import { teacherPageKeys } from '@kalike/shared/teacher-page/teacher-page-query';
import { useUserStore } from '@kalike/shared/user/user-store';

import { listingKeys } from '../../../../api/listing-keys';

export function getTeacherReviews(signal?: AbortSignal): Promise<TeacherReviews> {
  return apiGet<TeacherReviews>('v1/surveys/teacher/reviews', { signal });
}

export function replyToReview(reviewId: string, body: ReviewReplyBody): Promise<TeacherReview> {
  return apiSend<TeacherReview>('put', `v1/surveys/teacher/reviews/${encodeURIComponent(reviewId)}/reply`, body);
}

export const teacherReviewsQueryOptions = (teacherId: string) =>
  queryOptions({
    queryKey: listingKeys.teach.reviews(teacherId),
    queryFn: ({ signal }) => getTeacherReviews(signal),
  });

const useTeacherId = () => useUserStore((state) => state.user?.teacher?.id ?? 'signed-out');

/** The signed-in teacher's reviews and rating; the route lets only teachers in. */
export function useTeacherReviews() {
  return useQuery(teacherReviewsQueryOptions(useTeacherId()));
}

/**
 * Posts the one reply to a review. The saved review replaces its row in the list at once,
 * and the public teacher page is fetched afresh so it shows the reply too.
 */
export function useReplyToReview(reviewId: string) {
  const queryClient = useQueryClient();
  const key = listingKeys.teach.reviews(useTeacherId());
  return useMutation({
    mutationFn: (text: string) => replyToReview(reviewId, { text }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TeacherReviews>(key, (current) =>
        current ? { ...current, reviews: current.reviews.map((review) => (review.id === saved.id ? saved : review)) } : current,
      );
      return queryClient.invalidateQueries({ queryKey: teacherPageKeys.all });
    },
  });
}
