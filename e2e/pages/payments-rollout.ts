import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { e2eAdminApiKey } from '../playwright.config';
import { apiOrigin } from './sign-in';

export const rolloutFlag = 'payments-flow-candidate';
const flagsClientKey = 'sdk-kalikeWebLearner01';

export type RemoteBuild = 'stable' | 'candidate';

/** The rollout as an operator drives it: the admin API of docs/payments-rollout.md. */
export class PaymentsRollout {
  constructor(private readonly request: APIRequestContext) {}

  private async put(body: object) {
    const response = await this.request.put(`${apiOrigin}/v1/admin/features/${rolloutFlag}`, {
      headers: { authorization: `Bearer ${e2eAdminApiKey}` },
      data: body,
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** Share of signed-in learners (0–1) who get the candidate. */
  async setPercentage(coverage: number) {
    await this.put({
      description: 'Staged rollout of the payment flow (set by e2e)',
      defaultValue: false,
      rules: [{ id: 'payments-candidate-rollout', force: true, coverage, hashAttribute: 'id', seed: rolloutFlag }],
    });
  }

  /** Everyone back on stable: the rule goes, the default stays false. */
  async killSwitch() {
    await this.put({ description: 'Staged rollout of the payment flow (killed by e2e)', defaultValue: false, rules: [] });
  }

  /** What the shell will be served. */
  async payload(): Promise<unknown> {
    const response = await this.request.get(`${apiOrigin}/api/features/${flagsClientKey}`);
    expect(response.status()).toBe(200);
    return response.json();
  }
}

interface GrowthBookSdk {
  GrowthBook: new (options: { attributes: Record<string, unknown> }) => {
    initSync(options: { payload: unknown }): unknown;
    isOn(key: string): boolean;
    destroy(): void;
  };
}

/** The shell's own copy of the GrowthBook SDK, so the expectation uses the very same hashing. */
const sdk = createRequire(path.resolve(__dirname, '../../shell/package.json'))('@growthbook/growthbook') as GrowthBookSdk;

/** The build the SDK puts a learner in for this payload, computed here, outside the app. */
export function sdkBucket(payload: unknown, learnerId: string): RemoteBuild {
  const growthbook = new sdk.GrowthBook({ attributes: { id: learnerId } });
  try {
    growthbook.initSync({ payload });
    return growthbook.isOn(rolloutFlag) ? 'candidate' : 'stable';
  } finally {
    growthbook.destroy();
  }
}

/** Which build of the payments remote renders the page (RemoteRoot's data-remote-build). */
export async function paymentsBuildOn(page: Page): Promise<RemoteBuild> {
  const root = page.locator('[data-remote="mfe_payments"]');
  await expect(root).toHaveAttribute('data-remote-build', /^(stable|candidate)$/);
  return (await root.getAttribute('data-remote-build')) as RemoteBuild;
}
