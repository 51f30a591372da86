import { Link, Navigate } from 'react-router-dom';
import { css } from '@emotion/react';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { usePlatform } from '@kalike/shared/platform/platform';
import { mutedIntro } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';

import { notificationPaths, useNotificationAudience } from '../features/notifications/api/notification-audience';
import { usePreferences } from '../features/notification-settings/api/notification-preferences';
import { ChannelSwitches } from '../features/notification-settings/components/channel-switches';
import { PushOnThisPhone } from '../features/notification-settings/components/push-on-this-phone';
import { WhatsappConsent } from '../features/notification-settings/components/whatsapp-consent';

const cardsStyles = css({ display: 'grid', gap: space(4), marginBottom: space(6) });

function SettingsOf({ audience }: { audience: NotificationAudience }) {
  const current = useNotificationAudience();
  const { isApp } = usePlatform();
  const preferences = usePreferences(audience);
  if (current && current !== audience) return <Navigate replace to={notificationPaths[current].settings} />;
  return (
    <PageColumn>
      <DocumentTitle>Notification settings</DocumentTitle>
      <PageTitle>Notification settings</PageTitle>
      <p css={mutedIntro}>
        Everything shows in <Link to={notificationPaths[audience].centre}>your notifications</Link> in the app. Choose what else reaches your phone, and how.
      </p>
      {preferences.isPending && <SkeletonList rows={4} rowHeight="4rem" label="Loading your settings" />}
      {preferences.isError && (
        <StatusMessage title="Your settings could not be loaded" tone="error" action={{ label: 'Try again', onClick: () => void preferences.refetch() }}>
          {readableErrorMessage(preferences.error)}
        </StatusMessage>
      )}
      {preferences.data && (
        <>
          <div css={cardsStyles}>
            {/* Inside the native app, the app shows its own notifications. */}
            {!isApp && <PushOnThisPhone />}
            <WhatsappConsent audience={audience} preferences={preferences.data} />
          </div>
          {!preferences.data.pushSubscribed && (
            <p css={mutedIntro}>Push choices count once notifications are on for a phone of yours{isApp ? ' in a browser' : ' (above)'}.</p>
          )}
          <ChannelSwitches audience={audience} preferences={preferences.data} />
        </>
      )}
    </PageColumn>
  );
}

/** `/account/notifications`: the family's channels per kind, WhatsApp consent, push on this phone. */
export function LearnerNotificationSettingsPage() {
  return <SettingsOf audience="learner" />;
}

/** `/teach/notifications/settings`: the same for the teacher's notifications. */
export function TeachNotificationSettingsPage() {
  return <SettingsOf audience="teacher" />;
}
