import type { AuthTokens, CurrentUserDto, SignedInAs, UserType } from '@kalike/shared/contracts/auth';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { AuthServiceDeps } from './auth.service';
import { canActAs, notATeacher, refreshTokenPolicy, toCurrentUser, type SignIns } from './sign-ins';

function invalidRefreshToken(): DomainError {
  return new DomainError('INVALID_REFRESH_TOKEN', 'Sign in again', 401);
}

/** A signed-in person's session: switching role, refreshing tokens (rotated, reuse revokes), signing out, who they are. */
export function createSignedInSessions({ repository, runtime, log, clock, signIns }: Omit<AuthServiceDeps, 'sms'> & { signIns: SignIns }) {
  const hashRefreshToken = (token: string) => runtime.hmac('refresh-token', token);
  // Derived rather than random so a replay inside the grace window can rebuild the same token
  // without the database ever holding a usable one: without the secret it looks random.
  const successorOf = (token: string) => runtime.hmac('refresh-successor', token);

  return {
    /**
     * A second sign-in, in the other role, for the phone behind the caller's token; the
     * caller's own sign-in stays valid, so each role keeps its pair and can log out alone.
     */
    async switchRole(caller: AuthUser, role: UserType): Promise<SignedInAs> {
      if (caller.userType === role) {
        throw new DomainError('SAME_ROLE', role === 'Teacher' ? 'You are already signed in as a teacher.' : 'You are already signed in as a learner.', 400);
      }
      const identity = await repository.findIdentityByUserId(caller.userId);
      if (!identity) throw new DomainError('UNAUTHORIZED', 'Sign in to continue', 401);
      if (role === 'Teacher') {
        if (!identity.teacher_id) throw notATeacher();
        return signIns.start(identity, role);
      }
      if (!identity.learner_account_id) await repository.ensureLearnerAccount(identity.user_id);
      return signIns.startForUser(identity.user_id, role);
    },

    async refresh(token: string): Promise<AuthTokens> {
      const now = clock();
      const outcome = await repository.transaction(async (tx) => {
        const row = await tx.findRefreshTokenByHashForUpdate(hashRefreshToken(token));
        if (!row || row.family_revoked_at || new Date(row.family_expires_at).getTime() <= now.getTime()) {
          return { kind: 'invalid' } as const;
        }
        const identity = await tx.findIdentityByUserId(row.user_id);
        // The family keeps its role; one the phone can no longer act in ends the sign-in.
        if (!identity || !canActAs(identity, row.family_role)) return { kind: 'invalid' } as const;
        const successor = successorOf(token);

        if (!row.used_at) {
          const successorId = await tx.insertRefreshToken(row.family_id, hashRefreshToken(successor), now);
          await tx.markRefreshTokenUsed(row.id, now, successorId);
          return { kind: 'issued', identity, role: row.family_role, refreshToken: successor, issuedAt: now, familyId: row.family_id } as const;
        }

        // Presented again: allowed once, within the grace window, and only while its successor
        // is still the family's newest token. Anything else is treated as theft (RFC 9700 §4.14).
        const next = row.replaced_by ? await tx.findRefreshTokenById(row.replaced_by) : undefined;
        const inGrace = now.getTime() - new Date(row.used_at).getTime() <= refreshTokenPolicy.graceMs;
        if (inGrace && !row.grace_replayed_at && next && !next.used_at) {
          await tx.markGraceReplayed(row.id, now);
          return {
            kind: 'issued',
            identity,
            role: row.family_role,
            refreshToken: successor,
            issuedAt: new Date(next.created_at),
            familyId: row.family_id,
          } as const;
        }
        await tx.revokeFamily(row.family_id, now, 'reuse');
        return { kind: 'reused' } as const;
      });

      if (outcome.kind === 'invalid') throw invalidRefreshToken();
      if (outcome.kind === 'reused') {
        log.warn({ event: 'refresh_token_reuse' }, 'Refresh token reused; sign-in revoked');
        throw new DomainError('REFRESH_TOKEN_REUSED', 'This sign-in was revoked; sign in again', 401);
      }
      return signIns.tokensFor(outcome.identity, outcome.role, outcome.refreshToken, outcome.issuedAt, outcome.familyId);
    },

    /** Idempotent: an unknown or already revoked token is not an error. */
    async logout(token: string): Promise<void> {
      const familyId = await repository.findFamilyIdByTokenHash(hashRefreshToken(token));
      if (familyId) await repository.revokeFamily(familyId, clock(), 'logout');
    },

    async currentUser(user: AuthUser): Promise<CurrentUserDto> {
      const identity = await repository.findIdentityByUserId(user.userId);
      if (!identity) throw new DomainError('UNAUTHORIZED', 'Sign in to continue', 401);
      return toCurrentUser(identity, user.userType);
    },
  };
}
