import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { FeatureApiResponse, GrowthBook } from '@growthbook/growthbook';
import { apiGet } from '@kalike/shared/api/client';

import type * as sdkModule from './growthbook';

/** Spec §9: the feature-flag payload is stale after 60 s and then refreshed in the background. */
export const flagsStaleTtlMs = 60_000;

export interface FlagsOptions {
  apiBaseUrl: string;
  clientKey?: string;
}

type SdkModule = typeof sdkModule;

/**
 * The payload, in GrowthBook's format, from our API through the one API client: the client
 * headers and the 10 s time-out every call carries (spec §6, §7).
 */
export function fetchFlagsPayload(clientKey: string): Promise<FeatureApiResponse> {
  return apiGet<FeatureApiResponse>(`api/features/${encodeURIComponent(clientKey)}`);
}

/**
 * The page's feature flags, in GrowthBook's format from our API. A flag with no rules is
 * its `defaultValue`, exactly as the SDK would evaluate it, so the SDK (about 16 KB gzip)
 * is fetched only when a flag that is read has targeting or experiment rules. Until the
 * flags are known every flag has the default its reader gives: flags never hold up the
 * page.
 */
export class FlagClient {
  private payload: FeatureApiResponse | null = null;
  private fetchedAt = 0;
  private fetching: Promise<void> | null = null;
  private sdk: GrowthBook | null = null;
  private sdkLoad: Promise<void> | null = null;
  private version = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly options: FlagsOptions,
    private readonly loadSdk: () => Promise<SdkModule> = () => import('./growthbook'),
    private readonly loadPayload: (clientKey: string) => Promise<FeatureApiResponse> = fetchFlagsPayload,
  ) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getVersion = () => this.version;

  /** Starts fetching the payload, or refreshing a stale one; never rejects. */
  refresh(): Promise<void> {
    if (!this.options.clientKey) return Promise.resolve();
    if (this.fetching) return this.fetching;
    if (this.payload && Date.now() - this.fetchedAt < flagsStaleTtlMs) return Promise.resolve();
    this.fetching = this.loadPayload(this.options.clientKey)
      .then(async (payload) => {
        this.payload = payload;
        this.fetchedAt = Date.now();
        if (this.sdk) await this.sdk.setPayload(this.payload);
        this.notify();
      })
      .catch(() => undefined)
      .finally(() => {
        this.fetching = null;
      });
    return this.fetching;
  }

  value<T>(key: string, fallback: T): T {
    if (!this.payload) return fallback;
    if (this.sdk) return this.sdk.getFeatureValue(key, fallback as never) as T;
    const feature = this.payload.features?.[key];
    if (!this.payload.features || feature?.rules?.length || this.payload.encryptedFeatures) {
      void this.loadEvaluator();
      return fallback;
    }
    if (feature === undefined || feature.defaultValue === undefined || feature.defaultValue === null) return fallback;
    return feature.defaultValue as T;
  }

  /**
   * A flag's value for explicit attributes (one learner's id, say) rather than the page's,
   * once it is known: waits for the payload and, when the flag has rules, for the SDK,
   * instead of answering with the fallback at once. The fallback when either is unreachable.
   */
  async evaluate<T>(key: string, fallback: T, attributes: Record<string, unknown>): Promise<T> {
    await this.refresh();
    const payload = this.payload;
    if (!payload) return fallback;
    const feature = payload.features?.[key];
    if (payload.features && !feature?.rules?.length && !payload.encryptedFeatures) {
      return feature?.defaultValue === undefined || feature.defaultValue === null ? fallback : (feature.defaultValue as T);
    }
    try {
      const { evaluateFeature } = await this.loadSdk();
      return evaluateFeature(payload, key, fallback, attributes);
    } catch {
      return fallback;
    }
  }

  private loadEvaluator(): Promise<void> {
    this.sdkLoad ??= this.loadSdk()
      .then(({ createGrowthBook }) => createGrowthBook({ ...this.options, payload: this.payload ?? undefined }))
      .then((growthbook) => {
        this.sdk = growthbook;
        this.notify();
      })
      .catch(() => {
        // Without the SDK the flags keep their defaults; a later read tries again.
        this.sdkLoad = null;
      });
    return this.sdkLoad;
  }

  private notify() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

export const FlagsContext = createContext<FlagClient | null>(null);

/** A flag's value; `fallback` until the flags are known (or when there is no flag service). */
export function useFlag<T>(key: string, fallback: T): T {
  const flags = useContext(FlagsContext);
  const subscribe = flags?.subscribe ?? noSubscription;
  useSyncExternalStore(subscribe, flags?.getVersion ?? zero, zero);
  useEffect(() => {
    void flags?.refresh();
  }, [flags]);
  return flags ? flags.value(key, fallback) : fallback;
}

const noSubscription = () => () => undefined;
const zero = () => 0;
