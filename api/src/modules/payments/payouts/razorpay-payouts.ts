import type { RazorpayConfig } from '../../../config';
import { DomainError } from '../../../shared/domain-error';
import { RAZORPAY_TIMEOUT_MS } from '../gateway/razorpay-gateway';
import type { AccountCheck, PayoutProviderAdapter, TransferState } from './payout-provider';

export interface RazorpayPayoutsOptions extends RazorpayConfig {
  /** The RazorpayX business account payouts are sent from (RAZORPAYX_ACCOUNT_NUMBER). */
  accountNumber: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

function unavailable(message: string): DomainError {
  return new DomainError('PAYOUT_PROVIDER_UNAVAILABLE', message, 502);
}

/** RazorpayX payout statuses, in our words. */
export function transferStatusOf(razorpayStatus: string): TransferState['status'] {
  if (razorpayStatus === 'processed') return 'paid';
  if (['reversed', 'failed', 'rejected', 'cancelled'].includes(razorpayStatus)) return 'failed';
  return 'processing';
}

/** A fund account validation's result, in our words. */
export function accountCheckOf(
  validation: { status?: unknown; results?: { account_status?: unknown; registered_name?: unknown } | null },
  fundAccountId: string,
): AccountCheck {
  if (validation.status !== 'completed') return { verification: 'pending', providerAccountId: fundAccountId, nameAtBank: null, reason: null };
  const name = typeof validation.results?.registered_name === 'string' ? validation.results.registered_name : null;
  return validation.results?.account_status === 'active'
    ? { verification: 'verified', providerAccountId: fundAccountId, nameAtBank: name, reason: null }
    : {
        verification: 'failed',
        providerAccountId: null,
        nameAtBank: null,
        reason: 'The bank says this account cannot receive money. Check the details and save them again.',
      };
}

/**
 * RazorpayX: a contact per teacher, a fund account per bank account or UPI id, validated with
 * a fund account validation (a ₹1 penny test for banks), and payouts with
 * `X-Payout-Idempotency` set to our key. Basic auth with the key id and secret, 10 s timeout.
 */
export function createRazorpayPayouts(options: RazorpayPayoutsOptions): PayoutProviderAdapter {
  const { keyId, keySecret, apiUrl, accountNumber, timeoutMs = RAZORPAY_TIMEOUT_MS } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetchImpl(`${apiUrl}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw unavailable('Razorpay could not be reached; the payout will be tried again');
    }
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !answer) {
      const error = answer?.error as { description?: unknown } | undefined;
      throw unavailable(`Razorpay refused the request (HTTP ${response.status})${typeof error?.description === 'string' ? `: ${error.description}` : ''}`);
    }
    return answer;
  }

  function transfer(answer: Record<string, unknown>): TransferState {
    if (typeof answer.id !== 'string' || typeof answer.status !== 'string') throw unavailable('Razorpay answered without a payout');
    const status = transferStatusOf(answer.status);
    const details = answer.status_details as { description?: unknown } | undefined;
    const reason = status === 'failed' ? (typeof details?.description === 'string' ? details.description : `Razorpay ${answer.status} the payout.`) : null;
    return { providerPayoutId: answer.id, status, reason };
  }

  return {
    name: 'razorpay',
    async verifyAccount({ teacherId, teacherName, account }) {
      const contact = await call('POST', '/v1/contacts', { name: teacherName, type: 'vendor', reference_id: teacherId });
      const fundAccount = await call(
        'POST',
        '/v1/fund_accounts',
        account.kind === 'upi'
          ? { contact_id: contact.id, account_type: 'vpa', vpa: { address: account.upiId } }
          : {
              contact_id: contact.id,
              account_type: 'bank_account',
              bank_account: { name: account.holderName, ifsc: account.ifsc, account_number: account.accountNumber },
            },
      );
      if (typeof fundAccount.id !== 'string') throw unavailable('Razorpay answered without a fund account');
      const validation = await call('POST', '/v1/fund_accounts/validations', {
        account_number: accountNumber,
        fund_account: { id: fundAccount.id },
        ...(account.kind === 'bank' ? { amount: 100, currency: 'INR' } : {}),
      });
      return accountCheckOf(validation, fundAccount.id);
    },
    async sendPayout({ idempotencyKey, providerAccountId, accountKind, amountPaise }) {
      const answer = await call(
        'POST',
        '/v1/payouts',
        {
          account_number: accountNumber,
          fund_account_id: providerAccountId,
          amount: amountPaise,
          currency: 'INR',
          mode: accountKind === 'upi' ? 'UPI' : 'IMPS',
          purpose: 'payout',
          queue_if_low_balance: true,
          reference_id: idempotencyKey,
          narration: 'Kalike payout',
        },
        { 'X-Payout-Idempotency': idempotencyKey },
      );
      return transfer(answer);
    },
    async transferState(providerPayoutId) {
      return transfer(await call('GET', `/v1/payouts/${encodeURIComponent(providerPayoutId)}`));
    },
  };
}
