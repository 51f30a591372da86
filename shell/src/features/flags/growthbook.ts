import { GrowthBook, type FeatureApiResponse } from '@growthbook/growthbook';
import { userStore } from '@kalike/shared/user/user-store';
import { platformStore } from '@kalike/shared/platform/platform';
import { engagementSessionId } from '@kalike/shared/analytics/engagement-session';

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
 * The GrowthBook SDK, for flags with targeting or experiment rules. It evaluates the
 * payload our API serves in GrowthBook's format (hash version 2), so the server and the
 * browser bucket the same way. Loaded by `FlagClient` only when such a flag is read.
 */
export async function createGrowthBook(options: { apiBaseUrl: string; clientKey?: string; payload?: FeatureApiResponse }): Promise<GrowthBook> {
  const growthbook = new GrowthBook({
    apiHost: options.apiBaseUrl || window.location.origin,
    clientKey: options.clientKey,
    attributes: attributes(),
  });
  if (options.payload) await growthbook.init({ payload: options.payload });
  userStore.subscribe(() => void growthbook.setAttributes(attributes()));
  return growthbook;
}

/**
 * One flag for the given attributes, merged over the page's own, on a throwaway instance so
 * the page's instance keeps its attributes. Same SDK, same hashing as every other flag.
 */
export function evaluateFeature<T>(payload: FeatureApiResponse, key: string, fallback: T, overrides: Record<string, unknown>): T {
  const growthbook = new GrowthBook({ attributes: { ...attributes(), ...overrides } });
  try {
    growthbook.initSync({ payload });
    return growthbook.getFeatureValue(key, fallback as never) as T;
  } finally {
    growthbook.destroy();
  }
}
