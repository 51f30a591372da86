import { randomBytes } from 'node:crypto';
import type { AuthTokens, CurrentUserDto, SignedInAs, UserType } from '@kalike/shared/contracts/auth';
import type { AuthRuntime, AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { AuthRepository, IdentityRow } from './auth.repository';

const DAY = 24 * 60 * 60_000;

export const refreshTokenPolicy = {
  /** Absolute lifetime of a sign-in (ASVS 10.4.8): rotation never extends it. */
  familyLifetimeMs: 60 * DAY,
  /**
   * Auth0-style reuse interval: the immediately previous token may be presented once more this
   * soon after it was rotated and gets the same pair back, so two tabs refreshing at once do
   * not trip reuse detection and sign the user out.
   */
  graceMs: 10_000,
} as const;

/** A sign-in without a chosen role: the teacher's when the phone has a teacher profile, as it always was. */
export function defaultRole(identity: IdentityRow): UserType {
  return identity.teacher_id ? 'Teacher' : 'Learner';
}

/** Whether the phone behind the identity can act in the role (a learner account is made on demand). */
export function canActAs(identity: IdentityRow, role: UserType): boolean {
  return role === 'Learner' ? identity.learner_account_id !== null : identity.teacher_id !== null;
}

export function notATeacher(): DomainError {
  return new DomainError('NOT_A_TEACHER', 'This phone number has no teacher account yet. Join as a teacher on Kalike first.', 403);
}

export function toCurrentUser(identity: IdentityRow, role: UserType): CurrentUserDto {
  return {
    userType: role,
    learnerAccount: identity.learner_account_id
      ? { id: identity.learner_account_id, name: identity.learner_name ?? '', isCustomer: identity.learner_is_customer }
      : null,
    teacher: identity.teacher_id ? { id: identity.teacher_id, name: identity.teacher_name ?? '' } : null,
    isAdmin: identity.is_admin,
  };
}

/**
 * A token carries only the id of its own role: a learner sign-in cannot reach a teacher's
 * data through a route that forgot its guard, and the other way round.
 */
function toClaims(identity: IdentityRow, role: UserType): AuthUser {
  return {
    userId: identity.user_id,
    userType: role,
    learnerAccountId: role === 'Learner' ? identity.learner_account_id : null,
    teacherId: role === 'Teacher' ? identity.teacher_id : null,
    isAdmin: identity.is_admin,
  };
}

export interface SignInsDeps {
  repository: AuthRepository;
  runtime: AuthRuntime;
  /** The app's clock. */
  clock: () => Date;
}

/**
 * Starting sign-ins and issuing their tokens: the one place that decides what a token of a
 * role carries. OTP verification, switching role and joining as a teacher all start one here.
 */
export function createSignIns({ repository, runtime, clock }: SignInsDeps) {
  const hashRefreshToken = (token: string) => runtime.hmac('refresh-token', token);

  async function tokensFor(identity: IdentityRow, role: UserType, refreshToken: string, issuedAt: Date, familyId: string): Promise<AuthTokens> {
    const access = await runtime.signAccessToken(toClaims(identity, role), issuedAt, familyId);
    return { accessToken: access.token, refreshToken, accessTokenExpiresAt: access.expiresAt.toISOString() };
  }

  /** A new sign-in (refresh-token family) acting in `role`; the caller has checked the identity can. */
  async function start(identity: IdentityRow, role: UserType): Promise<SignedInAs> {
    if (!canActAs(identity, role)) throw new Error(`Identity ${identity.user_id} cannot act as ${role}`);
    const now = clock();
    const refreshToken = randomBytes(32).toString('base64url');
    const familyId = await repository.transaction(async (tx) => {
      const familyId = await tx.createRefreshFamily(identity.user_id, role, now, new Date(now.getTime() + refreshTokenPolicy.familyLifetimeMs));
      await tx.insertRefreshToken(familyId, hashRefreshToken(refreshToken), now);
      return familyId;
    });
    return { user: toCurrentUser(identity, role), tokens: await tokensFor(identity, role, refreshToken, now, familyId) };
  }

  return {
    tokensFor,
    start,
    /** A new sign-in for a user by id, e.g. right after they joined as a teacher. */
    async startForUser(userId: string, role: UserType): Promise<SignedInAs> {
      const identity = await repository.findIdentityByUserId(userId);
      if (!identity) throw new DomainError('UNAUTHORIZED', 'Sign in to continue', 401);
      if (!canActAs(identity, role)) throw role === 'Teacher' ? notATeacher() : new Error('A signed-in user has no learner account');
      return start(identity, role);
    },
  };
}

export type SignIns = ReturnType<typeof createSignIns>;
