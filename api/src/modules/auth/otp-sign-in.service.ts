import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { OtpRequestResponse, OtpVerifyBody, OtpVerifyResponse } from '@kalike/shared/contracts/auth';
import { normaliseIndianMobile } from '@kalike/shared/domain/indian-mobile';
import { DomainError } from '../../shared/domain-error';
import type { AuthServiceDeps } from './auth.service';
import { canActAs, defaultRole, notATeacher, type SignIns } from './sign-ins';

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
  /** One address (an IPv6 /56) asking for one number. */
  perNumberAndAddress: { max: 10, windowMs: DAY },
  perIp: { max: 20, windowMs: HOUR },
  /** Advice to the client; the windows above are what is enforced. */
  resendAfterSeconds: 30,
} as const;

function invalidPhone(): DomainError {
  return new DomainError('INVALID_PHONE', 'Enter a valid Indian mobile number', 400);
}

export function codeExpired(): DomainError {
  return new DomainError('CODE_EXPIRED', 'This code has expired or was already used; request a new one', 400);
}

/** Texts a message holding a code; a sender that fails is a 503 the person can retry. */
export async function textCode({ sms, log }: Pick<AuthServiceDeps, 'sms' | 'log'>, phone: string, text: string): Promise<void> {
  try {
    await sms.send(phone, text);
  } catch (error) {
    // The message holds the code, so only the failure itself is logged.
    log.warn({ err: error instanceof Error ? error.message : 'unknown', sender: sms.kind }, 'SMS send failed');
    throw new DomainError('SMS_SEND_FAILED', 'We could not send the code; try again in a minute', 503);
  }
}

/** A code that does not match, after its attempt was counted. */
export function wrongCode(attemptsLeft: number): DomainError {
  return new DomainError(
    'INVALID_CODE',
    attemptsLeft > 0
      ? `That code is not right; ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`
      : 'That code is not right and no attempts are left; request a new code',
    400,
    { attemptsLeft },
  );
}

/** Seconds until a send is allowed again under one window, or null when it is allowed now. */
export function waitFor(timesNewestFirst: Date[], max: number, windowMs: number, now: Date): number | null {
  const inWindow = timesNewestFirst.filter((time) => time.getTime() > now.getTime() - windowMs);
  const blocking = inWindow[max - 1];
  if (!blocking) return null;
  return Math.max(1, Math.ceil((blocking.getTime() + windowMs - now.getTime()) / 1000));
}

export function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type AuthQueries = Parameters<Parameters<AuthServiceDeps['repository']['transaction']>[0]>[0];

/**
 * The codes sent recently to the number, from the address, and both, and how long each limit
 * says to wait (none: send now). Every code to a number counts against the number's limit,
 * whatever it is for, so its owner is never flooded. The address limits are against anonymous
 * visitors texting numbers they do not own, so they count sign-in codes only, and a code that
 * confirms a signed-in person's action (sent only to their own number) is held by the number's
 * limit alone (`addressLimits: false`).
 */
export async function sendWaits(tx: AuthQueries, phone: string, clientIp: string, now: Date, { addressLimits = true } = {}) {
  const [byPhone, byPair, byIp] = await Promise.all([
    tx.findSendTimes({ phone }, new Date(now.getTime() - otpLimits.perNumber.windowMs), 50),
    addressLimits ? tx.findSendTimes({ phone, clientIp, signInOnly: true }, new Date(now.getTime() - otpLimits.perNumberAndAddress.windowMs), 50) : [],
    addressLimits ? tx.findSendTimes({ clientIp, signInOnly: true }, new Date(now.getTime() - otpLimits.perIp.windowMs), 50) : [],
  ]);
  const waits = [
    waitFor(byPhone, otpLimits.perNumber.max, otpLimits.perNumber.windowMs, now),
    waitFor(byPair, otpLimits.perNumberAndAddress.max, otpLimits.perNumberAndAddress.windowMs, now),
    waitFor(byIp, otpLimits.perIp.max, otpLimits.perIp.windowMs, now),
  ].filter((wait): wait is number => wait !== null);
  return { byPhone, byPair, waits };
}

/** Signing in with a code texted to the phone: asking for one (limited), and trading it for tokens. */
export function createOtpSignIn({ repository, runtime, sms, log, clock, signIns }: AuthServiceDeps & { signIns: SignIns }) {
  const hashCode = (requestId: string, code: string) => runtime.hmac('otp', `${requestId}:${code}`);
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
        const { byPhone, byPair, waits } = await sendWaits(tx, phone, clientIp, now);
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

      await textCode(
        { sms, log },
        phone,
        `${code} is your Kalike sign-in code. It expires in ${Math.round(runtime.config.otpTtlSeconds / 60)} minutes. Do not share it.`,
      );

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
      // A code sent to confirm an action never signs anyone in.
      if (!request || request.phone !== phone || request.purpose !== null) throw codeExpired();

      const attempts = await repository.registerAttempt(request.id, otpLimits.maxAttemptsPerCode, now);
      if (attempts === undefined) throw codeExpired();

      if (!sameCode(hashCode(request.id, input.code), request.code_hash)) throw wrongCode(otpLimits.maxAttemptsPerCode - attempts);
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
  };
}
