import { randomUUID } from 'node:crypto';

/**
 * How long a claimed row is left alone before another relay may try it again. Each row's lease
 * is renewed just before its send, and a send is given up after the send timeout, so no send
 * outlives its lease however slow the provider is.
 */
export const LEASE_MS = 60_000;
/** Well inside the lease: a send still waiting then is recorded as failed and retried later. */
export const SEND_TIMEOUT_MS = 20_000;
/** Few at a time, so the rest of a backlog stays free for the other instances' relays. */
export const CLAIM_BATCH = 10;
/** A pass's bound, so one tick cannot hold the task's lease for ever behind a huge backlog. */
export const MAX_ROWS_PER_PASS = 200;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min, … capped at an hour: a provider outage is ridden out without hammering it. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
}

export interface ClaimedRow {
  id: string;
  attempts: number;
}

/**
 * A table of things to send exactly once (an outbox): rows claimed under a token with a lease,
 * so several relays (one per API instance) never send the same row twice, and a relay that
 * dies mid-send lets its rows come due again instead of losing them.
 */
export interface ClaimStore<Row extends ClaimedRow> {
  /** Takes up to `limit` due rows for this run and moves their next attempt to `leaseUntil`. */
  claimDue(now: Date, leaseUntil: Date, limit: number, claimToken: string): Promise<Row[]>;
  /** Renews a row's lease just before its send; false means another relay holds it now. */
  extendClaim(id: string, claimToken: string, leaseUntil: Date): Promise<boolean>;
  /** Accepted by the provider: sent, whoever holds its claim now. */
  markSent(id: string, at: Date): Promise<void>;
  /** Backs a failed send off, only while the claim is still this run's. */
  markFailed(id: string, claimToken: string, error: string, nextAttemptAt: Date, failedAttempts: number): Promise<void>;
  /** Not to be sent at all any more (no longer true, no longer wanted). */
  markSkipped?(id: string, claimToken: string, why: string, at: Date): Promise<void>;
  /** Not yet: due again at `until` (quiet hours). */
  postpone?(id: string, claimToken: string, until: Date): Promise<void>;
}

/** What sending one row came to; nothing returned means sent. */
export type SendOutcome = { outcome: 'sent' } | { outcome: 'skipped'; why: string } | { outcome: 'postponed'; until: Date };

export interface DeliveryReport {
  sent: number;
  failed: number;
}

export interface ClaimRelay {
  /** Sends up to `limit` due rows, claimed at once; failures are kept for a later attempt. */
  deliverDue(limit?: number): Promise<DeliveryReport>;
  /** The background task's pass: claims of CLAIM_BATCH one after another until the backlog or `maxRows` is done. */
  deliverPass(maxRows?: number): Promise<DeliveryReport>;
}

export interface ClaimRelayOptions<Row extends ClaimedRow> {
  store: ClaimStore<Row>;
  send(row: Row): Promise<SendOutcome | void>;
  now: () => Date;
  /** Who answers, for the time-out's error ("SMS provider"). */
  provider: string;
  sendTimeoutMs?: number;
}

function withinSendTimeout<T>(send: Promise<T>, timeoutMs: number, provider: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${provider} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([send, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The one relay loop over a claim store. Delivery is at least once towards the store (a row is
 * marked sent only after the provider accepted it) and exactly once across relays: each run
 * claims under its own token and sends a row only while that claim is still its own.
 */
export function createClaimRelay<Row extends ClaimedRow>({ store, send, now, provider, sendTimeoutMs = SEND_TIMEOUT_MS }: ClaimRelayOptions<Row>): ClaimRelay {
  const leaseFrom = (at: Date) => new Date(at.getTime() + LEASE_MS);
  const deliverDue = async (limit = CLAIM_BATCH): Promise<DeliveryReport & { claimed: number }> => {
    const claimToken = randomUUID();
    const started = now();
    const due = await store.claimDue(started, leaseFrom(started), limit, claimToken);
    const report = { sent: 0, failed: 0, claimed: due.length };
    for (const row of due) {
      // The batch may have taken longer than the lease; another relay may hold this one now.
      if (!(await store.extendClaim(row.id, claimToken, leaseFrom(now())))) continue;
      let result: SendOutcome | void;
      try {
        result = await withinSendTimeout(send(row), Math.min(sendTimeoutMs, LEASE_MS / 2), provider);
      } catch (error) {
        const failedAttempts = row.attempts + 1;
        const reason = error instanceof Error ? error.message : String(error);
        await store.markFailed(row.id, claimToken, reason.slice(0, 500), new Date(now().getTime() + retryDelayMs(failedAttempts)), failedAttempts);
        report.failed++;
        continue;
      }
      if (result?.outcome === 'skipped') await store.markSkipped?.(row.id, claimToken, result.why, now());
      else if (result?.outcome === 'postponed') await store.postpone?.(row.id, claimToken, result.until);
      else {
        await store.markSent(row.id, now());
        report.sent++;
      }
    }
    return report;
  };
  return {
    async deliverDue(limit) {
      const { sent, failed } = await deliverDue(limit);
      return { sent, failed };
    },
    async deliverPass(maxRows = MAX_ROWS_PER_PASS) {
      const total: DeliveryReport = { sent: 0, failed: 0 };
      let handled = 0;
      while (handled < maxRows) {
        const batch = await deliverDue(Math.min(CLAIM_BATCH, maxRows - handled));
        total.sent += batch.sent;
        total.failed += batch.failed;
        handled += batch.claimed;
        // Fewer than a full claim: nothing more is due (or other relays hold the rest).
        if (batch.claimed < CLAIM_BATCH) break;
      }
      return total;
    },
  };
}
