import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { AdminTeacher, AdminTeachers, GrantBadgeBody } from '@kalike/shared/contracts/admin-teachers';
import type { ListingReviewDecision, ListingReviewQueue, SendBackBody } from '@kalike/shared/contracts/listing-review';
import type { BadgeKind } from '@kalike/shared/domain/listing-values';
import { teacherPageKeys } from '@kalike/shared/teacher-page/teacher-page-query';

import { listingKeys } from '../../../../api/listing-keys';

// Every call goes through the one client, which names the admin client (`learner-admin` /
// `teacher-admin`) for a signed-in admin; the API decides by the token's admin flag alone.

const listingReviewPath = (listingId: string, action: 'approve' | 'send-back') => `v1/admin/listing-reviews/${encodeURIComponent(listingId)}/${action}`;
const badgePath = (teacherId: string, badge: BadgeKind) => `v1/admin/teachers/${encodeURIComponent(teacherId)}/badges/${badge}`;

export function getReviewQueue(signal?: AbortSignal): Promise<ListingReviewQueue> {
  return apiGet<ListingReviewQueue>('v1/admin/listing-reviews', { signal });
}

export function approveListing(listingId: string): Promise<ListingReviewDecision> {
  return apiSend<ListingReviewDecision>('post', listingReviewPath(listingId, 'approve'));
}

export function sendListingBack(listingId: string, body: SendBackBody): Promise<ListingReviewDecision> {
  return apiSend<ListingReviewDecision>('post', listingReviewPath(listingId, 'send-back'), body);
}

export function findTeachers(query: string, signal?: AbortSignal): Promise<AdminTeachers> {
  return apiGet<AdminTeachers>('v1/admin/teachers', { searchParams: { query }, signal });
}

export function grantBadge(teacherId: string, badge: BadgeKind, body: GrantBadgeBody): Promise<AdminTeacher> {
  return apiSend<AdminTeacher>('put', badgePath(teacherId, badge), body);
}

export function removeBadge(teacherId: string, badge: BadgeKind): Promise<AdminTeacher> {
  return apiSend<AdminTeacher>('delete', badgePath(teacherId, badge));
}

export const reviewQueueQueryOptions = () =>
  queryOptions({
    queryKey: listingKeys.admin.reviews(),
    queryFn: ({ signal }) => getReviewQueue(signal),
  });

export function useReviewQueue() {
  return useQuery(reviewQueueQueryOptions());
}

export type ReviewDecision = { kind: 'approve' } | { kind: 'send_back'; reason: string };

/**
 * Approves or sends back one listing. On success the listing leaves the queue at once; what
 * learners see (lists, the teacher page) is fetched afresh.
 */
export function useDecideListing(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      decision.kind === 'approve' ? approveListing(listingId) : sendListingBack(listingId, { reason: decision.reason }),
    onSuccess: async () => {
      queryClient.setQueryData<ListingReviewQueue>(listingKeys.admin.reviews(), (current) =>
        current ? { items: current.items.filter((item) => item.listingId !== listingId) } : current,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.learner.lists() }),
        queryClient.invalidateQueries({ queryKey: teacherPageKeys.all }),
      ]);
    },
  });
}

export function useFindTeachers(query: string) {
  return useQuery({
    queryKey: listingKeys.admin.teachers(query),
    queryFn: ({ signal }) => findTeachers(query, signal),
    enabled: query.length > 0,
  });
}

export type BadgeChange = { badge: BadgeKind; grant: true; reason: string } | { badge: BadgeKind; grant: false };

/** Grants or removes one badge; the saved teacher replaces theirs in every search answer. */
export function useChangeBadge(teacherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BadgeChange) => (change.grant ? grantBadge(teacherId, change.badge, { reason: change.reason }) : removeBadge(teacherId, change.badge)),
    onSuccess: async (saved, change) => {
      // Teacher of the Day moves from whoever had it, so other rows may change too: search again.
      queryClient.setQueriesData<AdminTeachers>({ queryKey: listingKeys.admin.teacherSearches() }, (current) =>
        current ? { teachers: current.teachers.map((teacher) => (teacher.id === saved.id ? saved : teacher)) } : current,
      );
      await Promise.all([
        change.badge === 'teacher_of_the_day' ? queryClient.invalidateQueries({ queryKey: listingKeys.admin.teacherSearches() }) : undefined,
        queryClient.invalidateQueries({ queryKey: listingKeys.learner.lists() }),
        queryClient.invalidateQueries({ queryKey: teacherPageKeys.all }),
      ]);
    },
  });
}
