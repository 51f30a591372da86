import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';
import { learnersOnly, teachersOnly, type AuthUser } from '../../plugins/auth';

const guards = {
  learner: learnersOnly('Signed in as a teacher: sign in as a learner to see learner notifications'),
  teacher: teachersOnly('Signed in as a learner: sign in as a teacher to see teacher notifications'),
} as const;

/** A person sees one audience's notifications at a time: the role they signed in as (403 FORBIDDEN for the other). */
export function checkAudience(user: AuthUser, audience: NotificationAudience): void {
  guards[audience].idOf(user);
}
