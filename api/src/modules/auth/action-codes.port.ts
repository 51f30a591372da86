import type { Kysely } from 'kysely';
import type { ActionCodePurpose, ActionConfirmation } from '@kalike/shared/contracts/action-codes';
import type { Database } from '../../db/schema';
import type { AuthRuntime } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { hashOf, purposeWords } from './action-codes.service';
import { createAuthRepository } from './auth.repository';
import { codeExpired, otpLimits, sameCode, wrongCode } from './otp-sign-in.service';

export interface ActionCodeCheck {
  userId: string;
  purpose: ActionCodePurpose;
  /** From the action's request body; missing when the client did not ask for a code. */
  confirmation: ActionConfirmation | undefined;
  at: Date;
}

export function actionCodeRequired(purpose: ActionCodePurpose): DomainError {
  return new DomainError('ACTION_CODE_REQUIRED', `To ${purposeWords[purpose]}, confirm with the code we text to your phone.`, 403);
}

/**
 * Confirming an action with its code, in two steps. `verify` runs before the action's transaction
 * and counts the attempt on its own, so a wrong guess is counted even though the action is not
 * done; `spend` runs inside the action's transaction and uses the code up with it, so a code
 * confirms one action, and an action that fails leaves the code usable.
 */
export function actionCodesOf(db: Kysely<Database>, runtime: Pick<AuthRuntime, 'hmac'>) {
  const repository = createAuthRepository(db);
  return {
    async verify({ userId, purpose, confirmation, at }: ActionCodeCheck): Promise<void> {
      if (!confirmation) throw actionCodeRequired(purpose);
      const request = await repository.findOtpRequestById(confirmation.requestId);
      // Another person's code, another purpose's, a sign-in code or none at all answer alike.
      if (!request || request.user_id !== userId || request.purpose !== purpose) throw codeExpired();
      const attempts = await repository.registerAttempt(request.id, otpLimits.maxAttemptsPerCode, at);
      if (attempts === undefined) throw codeExpired();
      if (!sameCode(hashOf(runtime, request.id, confirmation.code), request.code_hash)) throw wrongCode(otpLimits.maxAttemptsPerCode - attempts);
    },

    /** Call with the action's transaction after `verify`; throws when the code was used meanwhile. */
    async spend(tx: Kysely<Database>, { userId, purpose, confirmation, at }: ActionCodeCheck): Promise<void> {
      if (!confirmation) throw actionCodeRequired(purpose);
      const used = await tx
        .updateTable('otp_requests')
        .set({ consumed_at: at })
        .where('id', '=', confirmation.requestId)
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('superseded_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('id')
        .executeTakeFirst();
      if (!used) throw codeExpired();
    },
  };
}

export type ActionCodes = ReturnType<typeof actionCodesOf>;
