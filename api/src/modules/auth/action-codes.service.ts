import { randomInt, randomUUID } from 'node:crypto';
import type { ActionCodePurpose, ActionCodeResponse } from '@kalike/shared/contracts/action-codes';
import { maskedIndianPhone } from '@kalike/shared/format/phone';
import type { AuthRuntime } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { AuthServiceDeps } from './auth.service';
import { otpLimits, sendWaits, textCode, waitFor } from './otp-sign-in.service';

/** What the text says the code is for: fixed words, so a text never carries anyone's own. */
export const purposeWords: Record<ActionCodePurpose, string> = {
  'payout-account': 'change the bank account or UPI ID your Kalike payouts go to',
  'delete-account': 'delete your Kalike account',
};

export const hashOf = (runtime: Pick<AuthRuntime, 'hmac'>, requestId: string, code: string) => runtime.hmac('action-code', `${requestId}:${code}`);

/**
 * Texting a signed-in person a code that confirms one action. It only ever goes to their own
 * number, and counts against that number's limit together with sign-in codes, so no purpose opens
 * a second way to flood a phone.
 */
export function createActionCodeSender({ repository, runtime, sms, log, clock }: AuthServiceDeps) {
  return {
    async requestActionCode(userId: string, purpose: ActionCodePurpose, clientIp: string): Promise<ActionCodeResponse> {
      const phone = await repository.findPhoneOfUser(userId);
      if (!phone) throw new DomainError('UNAUTHORIZED', 'Sign in again to continue', 401);
      const now = clock();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + runtime.config.otpTtlSeconds * 1000);

      const outcome = await repository.transaction(async (tx) => {
        await tx.lockSendCounters(phone, clientIp);
        const { byPhone, waits } = await sendWaits(tx, phone, clientIp, now, { addressLimits: false });
        if (waits.length > 0) return { kind: 'limited', retryAfterSeconds: Math.max(...waits) } as const;
        await tx.supersedeActionCodes(userId, purpose, now);
        const requestId = randomUUID();
        await tx.insertOtpRequest({
          id: requestId,
          phone,
          clientIp,
          codeHash: hashOf(runtime, requestId, code),
          createdAt: now,
          expiresAt,
          action: { purpose, userId },
        });
        const nextWait = Math.max(0, waitFor([now, ...byPhone], otpLimits.perNumber.max, otpLimits.perNumber.windowMs, now) ?? 0);
        return { kind: 'sent', requestId, nextWait } as const;
      });
      if (outcome.kind === 'limited') {
        throw new DomainError('TOO_MANY_REQUESTS', 'Too many codes requested; try again later', 429, { retryAfterSeconds: outcome.retryAfterSeconds });
      }

      const minutes = Math.round(runtime.config.otpTtlSeconds / 60);
      await textCode(
        { sms, log },
        phone,
        `${code} is your Kalike code to ${purposeWords[purpose]}. It expires in ${minutes} minutes. Never share it; if you did not ask for it, someone may be using your account.`,
      );
      return {
        requestId: outcome.requestId,
        expiresAt: expiresAt.toISOString(),
        resendAfterSeconds: Math.max(otpLimits.resendAfterSeconds, outcome.nextWait),
        sentTo: maskedIndianPhone(phone),
      };
    },
  };
}
