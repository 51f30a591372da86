import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AuthTokens, CurrentUserDto, OtpRequestResponse, OtpVerifyBody, OtpVerifyResponse, SignedInAs, UserType } from '@kalike/shared/contracts/auth';
import type { AuthRuntime, AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { SmsSender } from '../sms/sms.port';
import type { AuthRepository } from './auth.repository';
import { canActAs, createSignIns, defaultRole, notATeacher, refreshTokenPolicy, toCurrentUser } from './sign-ins';
import { normaliseIndianMobile } from '@kalike/shared/format/indian-mobile';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Limits from OWASP's MFA cheat sheet and ASVS 6.6.3, counted in the database. The daily cap is
 * counted per number and requesting address together: a stranger who spends it for someone's
 * number only holds that number up for the short window, never the owner's day.
 */
export const otpLimits = {
  maxAttemptsPerCode: 5,
  /** Every sender together: what one number can be texted in a short time. */
  perNumber: { max: 3, windowMs: 15 * MINUTE },
  /** One address (an IPv6 /64) asking for one number. */
  perNumberAndAddress: { max: 10, windowMs: DAY },
  perIp: { max: 20, windowMs: HOUR },
  /** Advice to the client; the windows above are what is enforced. */
  resendAfterSeconds: 30,
} as const;

function invalidPhone(): DomainError {
  return new DomainError('INVALID_PHONE', 'Enter a valid Indian mobile number', 400);
}

function codeExpired(): DomainError {
  return new DomainError('CODE_EXPIRED', 'This code has expired or was already used; request a new one', 400);
}

function invalidRefreshToken(): DomainError {
  return new DomainError('INVALID_REFRESH_TOKEN', 'Sign in again', 401);
}

/** Seconds until a send is allowed again under one window, or null when it is allowed now. */
function waitFor(timesNewestFirst: Date[], max: number, windowMs: number, now: Date): number | null {
  const inWindow = timesNewestFirst.filter((time) => time.getTime() > now.getTime() - windowMs);
  const blocking = inWindow[max - 1];
  if (!blocking) return null;
  return Math.max(1, Math.ceil((blocking.getTime() + windowMs - now.getTime()) / 1000));
}

function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface AuthServiceDeps {
  repository: AuthRepository;
  runtime: AuthRuntime;
  /** The app's clock. */
  clock: () => Date;
  sms: SmsSender;
  log: { warn(details: object, message: string): void };
}

export function createAuthService({ repository, runtime, sms, log, clock }: AuthServiceDeps) {
  const hashCode = (requestId: string, code: string) => runtime.hmac('otp', `${requestId}:${code}`);
  const hashRefreshToken = (token: string) => runtime.hmac('refresh-token', token);
  const signIns = createSignIns({ repository, runtime, clock });
  // Derived rather than random so a replay inside the grace window can rebuild the same token
  // without the database ever holding a usable one: without the secret it looks random.
  const successorOf = (token: string) => runtime.hmac('refresh-successor', token);
  // Demo numbers are numbers only while texts stay on this machine (see PhoneRules).
  const phoneRules = { acceptDemoNumbers: sms.kind === 'outbox' };

  return {
    async requestOtp(rawPhone: string, clientIp: string): Promise<OtpRequestResponse> {
      const phone = normaliseIndianMobile(rawPhone, phoneRules);
      if (!phone) throw invalidPhone();
      const now = clock();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + runtime.config.otpTtlSeconds * 1000);

      // Whether the number has an account is never looked at here, so the answer (and its
      // timing) cannot reveal it.
      const outcome = await repository.transaction(async (tx) => {
        await tx.lockSendCounters(phone, clientIp);
        const [byPhone, byPair, byIp] = await Promise.all([
          tx.findSendTimes({ phone }, new Date(now.getTime() - otpLimits.perNumber.windowMs), 50),
          tx.findSendTimes({ phone, clientIp }, new Date(now.getTime() - otpLimits.perNumberAndAddress.windowMs), 50),
          tx.findSendTimes({ clientIp }, new Date(now.getTime() - otpLimits.perIp.windowMs), 50),
        ]);
        const waits = [
          waitFor(byPhone, otpLimits.perNumber.max, otpLimits.perNumber.windowMs, now),
          waitFor(byPair, otpLimits.perNumberAndAddress.max, otpLimits.perNumberAndAddress.windowMs, now),
          waitFor(byIp, otpLimits.perIp.max, otpLimits.perIp.windowMs, now),
        ].filter((wait): wait is number => wait !== null);
        if (waits.length > 0) return { kind: 'limited', retryAfterSeconds: Math.max(...waits) } as const;

        // A resend replaces the previous code: only the newest one can be used.
        await tx.supersedeActiveByPhone(phone, now);
        // The id is part of the hash, so a code only works with the request it was sent for.
        const requestId = randomUUID();
        await tx.insertOtpRequest({ id: requestId, phone, clientIp, codeHash: hashCode(requestId, code), createdAt: now, expiresAt });
        const nextWait = Math.max(
          0,
          waitFor([now, ...byPhone], otpLimits.perNumber.max, otpLimits.perNumber.windowMs, now) ?? 0,
          waitFor([now, ...byPair], otpLimits.perNumberAndAddress.max, otpLimits.perNumberAndAddress.windowMs, now) ?? 0,
        );
        return { kind: 'sent', requestId, nextWait } as const;
      });

      if (outcome.kind === 'limited') {
        throw new DomainError('TOO_MANY_REQUESTS', 'Too many codes requested; try again later', 429, {
          retryAfterSeconds: outcome.retryAfterSeconds,
        });
      }

      try {
        await sms.send(phone, `${code} is your Kalike sign-in code. It expires in ${Math.round(runtime.config.otpTtlSeconds / 60)} minutes. Do not share it.`);
      } catch (error) {
        // The message holds the code, so only the failure itself is logged.
        log.warn({ err: error instanceof Error ? error.message : 'unknown', sender: sms.kind }, 'SMS send failed');
        throw new DomainError('SMS_SEND_FAILED', 'We could not send the code; try again in a minute', 503);
      }

      return {
        requestId: outcome.requestId,
        expiresAt: expiresAt.toISOString(),
        resendAfterSeconds: Math.max(otpLimits.resendAfterSeconds, outcome.nextWait),
      };
    },

    async verifyOtp(input: OtpVerifyBody): Promise<OtpVerifyResponse> {
      const phone = normaliseIndianMobile(input.phone, phoneRules);
      if (!phone) throw invalidPhone();
      const now = clock();

      // Unknown id, another number's id, or a dead code all answer alike.
      const request = await repository.findOtpRequestById(input.requestId);
      if (!request || request.phone !== phone) throw codeExpired();

      const attempts = await repository.registerAttempt(request.id, otpLimits.maxAttemptsPerCode, now);
      if (attempts === undefined) throw codeExpired();

      if (!sameCode(hashCode(request.id, input.code), request.code_hash)) {
        const attemptsLeft = otpLimits.maxAttemptsPerCode - attempts;
        throw new DomainError(
          'INVALID_CODE',
          attemptsLeft > 0
            ? `That code is not right; ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`
            : 'That code is not right and no attempts are left; request a new code',
          400,
          { attemptsLeft },
        );
      }
      // Asked for a teacher's sign-in on a phone that has none: refused before the code is used
      // up, so the person can still sign in as a learner with it. They proved the code first.
      if (input.role === 'Teacher') {
        const known = await repository.findIdentityByPhone(phone);
        if (!known?.teacher_id) throw notATeacher();
      }
      if (!(await repository.consumeOtpRequest(request.id, now))) throw codeExpired();

      // User and empty learner account appear together or not at all.
      const createdUserId = await repository.transaction((tx) => tx.createLearnerUser(phone));
      let identity = await repository.findIdentityByPhone(phone);
      if (!identity) throw new Error('A user vanished right after sign-in');
      const role = input.role ?? defaultRole(identity);
      if (!canActAs(identity, role)) {
        // A teacher signing in as a learner for the first time gets their learner account now.
        await repository.ensureLearnerAccount(identity.user_id);
        identity = await repository.findIdentityByUserId(identity.user_id);
        if (!identity || !canActAs(identity, role)) throw new Error('A learner account vanished right after it was made');
      }
      const { user, tokens } = await signIns.start(identity, role);
      return { user, tokens, isNewUser: createdUserId !== undefined };
    },

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

export type AuthService = ReturnType<typeof createAuthService>;
