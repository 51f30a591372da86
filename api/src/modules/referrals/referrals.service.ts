import { randomInt } from 'node:crypto';
import type { ReferralCard } from '@kalike/shared/contracts/learner-updates';
import { formatPaise } from '@kalike/shared/format/money';
import { formatBasisPoints } from '@kalike/shared/format/percent';
import { referralCodePattern } from '@kalike/shared/domain/payment-values';
import { learnersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { toSessionTeacher } from '../../shared/teacher-page';
import { isUniqueViolation } from '../../shared/unique-violation';
import { referralDiscountBasisPoints, referralDiscountCapPaise } from '../payments/payments.port';
import type { ReferralsRepository } from './referrals.repository';

export const referringLearners = learnersOnly('Only learners have a referral code to share');

/** Tries before giving up on a free code; with about 10^15 codes a second try is already rare. */
const CODE_ATTEMPTS = 4;
const codePattern = new RegExp(referralCodePattern);

/**
 * Letters and digits nobody mixes up when reading a code aloud or off a screen: no 0/O,
 * 1/I/L. Ten of 31 symbols is about 49 bits, far past guessing at the rate checks allow.
 */
export const referralCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 10;

/** A new family's code: random, so it says nothing about the family and cannot be guessed from a name. */
export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index++) code += referralCodeAlphabet[randomInt(referralCodeAlphabet.length)];
  return code;
}

/**
 * What a referred family gets, in words, from the same constants checkout applies, so the card
 * can never promise a different discount than the one charged.
 */
export function referralOffer(): string {
  return `${formatBasisPoints(referralDiscountBasisPoints)} off the first class pack, up to ${formatPaise(referralDiscountCapPaise)}`;
}

export interface ReferralsServiceDeps {
  repository: ReferralsRepository;
  now: () => Date;
  /** Origin of the public site, for the link in the card. */
  publicSiteUrl: string;
  /** Makes a new code; tests make codes collide on purpose. */
  generateCode?: () => string;
}

export function createReferralsService({ repository, now, publicSiteUrl, generateCode = newReferralCode }: ReferralsServiceDeps) {
  /**
   * The account's code, made on first ask. Concurrent first asks each try an insert that does
   * nothing once the account has a code, then all read the one that won; a code another family
   * holds is a unique violation, and another code is tried. Codes made earlier (a name and
   * digits) keep working.
   */
  async function codeOf(learnerAccountId: string): Promise<string> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const existing = await repository.findCodeOfAccount(learnerAccountId);
      if (existing) return existing;
      const code = generateCode();
      if (!codePattern.test(code)) throw new Error(`Referral code ${code} does not match ${referralCodePattern}`);
      try {
        await repository.insertCodeIfNone(learnerAccountId, code, now());
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    const existing = await repository.findCodeOfAccount(learnerAccountId);
    if (existing) return existing;
    throw new Error(`No free referral code after ${CODE_ATTEMPTS} tries`);
  }

  return {
    codeOf,

    async card(user: AuthUser, batchId: string, batchStudentId: string): Promise<ReferralCard> {
      const learnerAccountId = referringLearners.idOf(user);
      const row = await repository.findBatchStudentInBatch(learnerAccountId, batchStudentId, batchId);
      if (!row) throw new DomainError('BATCH_STUDENT_NOT_FOUND', 'querystring.batchStudentID is not one of your batch students in this batch', 404);

      const code = await codeOf(learnerAccountId);
      const teacher = toSessionTeacher(row);
      const offer = referralOffer();
      const shareUrl = `${publicSiteUrl}${teacher.pagePath}`;
      return {
        code,
        offer,
        shareText: `We learn ${row.program_name} with ${row.teacher_name} on Kalike. Use my code ${code} to get ${offer}: ${shareUrl}`,
        shareUrl,
        teacher,
        batch: { id: row.batch_id, name: row.batch_name },
      };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
