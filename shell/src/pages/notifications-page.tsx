import { Navigate } from 'react-router-dom';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';

import { NotificationCentre } from '../features/notifications/components/notification-centre';
import { notificationPaths, useNotificationAudience } from '../features/notifications/api/notification-audience';

function NotificationsOf({ audience }: { audience: NotificationAudience }) {
  // A phone signed in as the other role sees that role's centre: the bell leads there too.
  const current = useNotificationAudience();
  if (current && current !== audience) return <Navigate replace to={notificationPaths[current].centre} />;
  return (
    <PageColumn>
      <DocumentTitle>Notifications</DocumentTitle>
      <PageTitle>Notifications</PageTitle>
      <NotificationCentre audience={audience} />
    </PageColumn>
  );
}

/** `/notifications`: the family's notification centre. */
export function LearnerNotificationsPage() {
  return <NotificationsOf audience="learner" />;
}

/** `/teach/notifications`: the teacher's, inside the workspace. */
export function TeachNotificationsPage() {
  return <NotificationsOf audience="teacher" />;
}
