import type { FastifyBaseLogger } from 'fastify';
import type { PayoutProviderAdapter, TransferState } from './payout-provider';
import type { PayoutRow } from './payout-records.repository';
import type { PayoutsRepository } from './payouts.repository';

export interface PayoutTransfersDeps {
  repository: Pick<PayoutsRepository, 'inFlight' | 'applyTransfer' | 'payoutByProviderId'>;
  provider: PayoutProviderAdapter;
  now: () => Date;
  log?: FastifyBaseLogger;
}

/** Claimed payouts handed to the provider and moved on with its answers, asked for or sent by its webhook. */
export function createPayoutTransfers({ repository, provider, now, log }: PayoutTransfersDeps) {
  /** Hands a claimed payout to the provider (again, with the same key, after a lost answer) and records its answer. */
  async function send(payout: PayoutRow): Promise<PayoutRow> {
    let state: TransferState;
    try {
      state = await provider.sendPayout({
        idempotencyKey: payout.idempotency_key,
        providerAccountId: payout.provider_account_id,
        accountKind: payout.account_kind,
        amountPaise: payout.amount_paise,
      });
    } catch (error) {
      // Stays `created`: the next pass sends it again with the same key.
      log?.warn({ err: error, payoutId: payout.id }, 'Payout not accepted yet; it will be sent again');
      return payout;
    }
    return repository.applyTransfer(payout.id, state, now());
  }

  /** Moves in-flight payouts on: unsent ones are sent, accepted ones asked about. */
  async function advance(teacherId?: string): Promise<number> {
    let moved = 0;
    for (const payout of await repository.inFlight(teacherId)) {
      try {
        const after =
          payout.status === 'created' || !payout.provider_payout_id
            ? await send(payout)
            : await repository.applyTransfer(payout.id, await provider.transferState(payout.provider_payout_id), now());
        if (after.status !== payout.status) moved += 1;
      } catch (error) {
        log?.warn({ err: error, payoutId: payout.id }, 'Could not ask about a payout; it will be asked again');
      }
    }
    return moved;
  }

  /** A provider's word about a payout (RazorpayX's webhook). Unknown payouts are ignored. */
  async function providerUpdate(state: TransferState): Promise<boolean> {
    const payout = await repository.payoutByProviderId(state.providerPayoutId);
    if (!payout) return false;
    await repository.applyTransfer(payout.id, state, now());
    return true;
  }

  return { send, advance, providerUpdate };
}

export type PayoutTransfers = ReturnType<typeof createPayoutTransfers>;
