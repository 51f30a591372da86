import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import { isApiError } from '@kalike/shared/api/api-error';
import type { TeacherListings } from '@kalike/shared/contracts/listing-authoring';
import type { PayoutAccount } from '@kalike/shared/contracts/payouts';
import type { TeacherProfile } from '@kalike/shared/contracts/teacher-profile';
import { rootKeys } from '@kalike/shared/query/query-keys';
import { useUserStore } from '@kalike/shared/user/user-store';

/** Under `me`: how far the signed-in teacher has set up, read afresh each time the home opens. */
export const teacherSetupKeys = {
  setup: (teacherId: string) => [...rootKeys.me, 'teacher-setup', teacherId] as const,
};

export interface TeacherSetupRead {
  profile: TeacherProfile;
  listings: TeacherListings;
  /** Null until the teacher adds one (the API answers 404). */
  payoutAccount: PayoutAccount | null;
}

async function getPayoutAccount(signal: AbortSignal): Promise<PayoutAccount | null> {
  try {
    return await apiGet<PayoutAccount>('v1/payments/teacher/payout-account', { signal });
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

export const teacherSetupQueryOptions = (teacherId: string) =>
  queryOptions({
    queryKey: teacherSetupKeys.setup(teacherId),
    queryFn: async ({ signal }): Promise<TeacherSetupRead> => {
      const [profile, listings, payoutAccount] = await Promise.all([
        apiGet<TeacherProfile>('v1/teachers/me/profile', { signal }),
        apiGet<TeacherListings>('v1/teachers/me/listings', { signal }),
        getPayoutAccount(signal),
      ]);
      return { profile, listings, payoutAccount };
    },
  });

export function useTeacherSetup() {
  const teacherId = useUserStore((state) => state.user?.teacher?.id ?? 'signed-out');
  return useQuery(teacherSetupQueryOptions(teacherId));
}
