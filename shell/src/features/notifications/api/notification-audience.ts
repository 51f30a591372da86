import { useUserStore } from '@kalike/shared/user/user-store';
import * as paths from '@kalike/shared/routing/paths';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';

/** Whose notifications the signed-in person sees now: their current role's (one phone may be both). */
export function useNotificationAudience(): NotificationAudience | null {
  return useUserStore((state) => (state.user ? (state.user.userType === 'Teacher' ? 'teacher' : 'learner') : null));
}

/** The notification centre and its settings of an audience. */
export const notificationPaths = {
  learner: { centre: paths.notifications(), settings: paths.notificationSettings() },
  teacher: { centre: paths.teachNotifications(), settings: paths.teachNotificationSettings() },
} as const satisfies Record<NotificationAudience, { centre: string; settings: string }>;
