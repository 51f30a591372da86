import { GrowthBook, configureCache } from '@growthbook/growthbook';
import { userStore } from '@kalike/shared/user/user-store';
import { platformStore } from '@kalike/shared/platform/platform';
import { engagementSessionId } from '@kalike/shared/analytics/engagement-session';

/** Spec §9: the feature-flag cache is stale after 60 s and then refreshed in the background. */
export const flagsStaleTtlMs = 60_000;

function attributes() {
  const { user } = userStore.getState();
  const platform = platformStore.getState().details;
  return {
    // Signed-in people keep their bucket across devices; visitors keep it for the visit.
    id: user?.learnerAccount?.id ?? user?.teacher?.id ?? engagementSessionId(),
    loggedIn: Boolean(user),
    userType: user?.userType ?? 'Learner',
    isApp: platform.isApp,
    isMobile: platform.isMobile,
    os: platform.os,
  };
}

/**
 * The one GrowthBook instance of the page. Flags come from our API in GrowthBook's own
 * format; the SDK evaluates them (hash version 2), so the server and the browser agree.
 */
export function createFlags(options: { apiBaseUrl: string; clientKey?: string }): GrowthBook {
  configureCache({ staleTTL: flagsStaleTtlMs });
  const growthbook = new GrowthBook({
    apiHost: options.apiBaseUrl || window.location.origin,
    clientKey: options.clientKey,
    attributes: attributes(),
  });
  if (options.clientKey) {
    // Never hold up the page for flags: until they arrive every flag has its default.
    void growthbook.init({ timeout: 2_000 }).catch(() => undefined);
  }
  userStore.subscribe(() => void growthbook.setAttributes(attributes()));
  return growthbook;
}
