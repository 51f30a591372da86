import { randomInt } from 'node:crypto';
import type { ReferralCard } from '@kalike/shared/contracts/learner-updates';
import { formatPaise } from '@kalike/shared/format/money';
import { referralCodePattern } from '@kalike/shared/format/payment-values';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { toSessionTeacher } from '../../shared/teacher-page';
import { isUniqueViolation } from '../../shared/unique-violation';
import { referralDiscountBasisPoints, referralDiscountCapPaise } from '../payments/money';
import type { ReferralsRepository } from './referrals.repository';

/** Tries before giving up on a free code; with 4 and then 6 random digits a second try is already rare. */
const CODE_ATTEMPTS = 6;
const SHORT_DIGITS_ATTEMPTS = 3;
const LETTERS_MAX = 6;
const codePattern = new RegExp(referralCodePattern);

/**
 * What a referred family gets, in words, from the same constants checkout applies, so the card
 * can never promise a different discount than the one charged.
 */
export function referralOffer(): string {
  const percent = Number((referralDiscountBasisPoints / 100).toFixed(2));
  return `${percent}% off the first class pack, up to ${formatPaise(referralDiscountCapPaise)}`;
}

/**
 * The letters a code starts with: the first name as a parent would say it ("ASHA"), or the
 * whole name when the first is very short, or KALIKE for a name with no Latin letters.
 */
export function referralCodeLetters(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Z]/g, ''))
    .filter(Boolean);
  const first = words[0] ?? '';
  const letters = first.length >= 3 ? first : words.join('');
  return (letters.length >= 3 ? letters : 'KALIKE').slice(0, LETTERS_MAX);
}

function randomDigits(count: number): string {
  return String(randomInt(0, 10 ** count)).padStart(count, '0');
}

export interface ReferralsServiceDeps {
  repository: ReferralsRepository;
  now: () => Date;
  /** Origin of the public site, for the link in the card. */
  publicSiteUrl: string;
  /** Digits after the letters; tests make them collide on purpose. */
  digits?: (count: number) => string;
}

export function createReferralsService({ repository, now, publicSiteUrl, digits = randomDigits }: ReferralsServiceDeps) {
  /**
   * The account's code, made on first ask. Concurrent first asks each try an insert that does
   * nothing once the account has a code, then all read the one that won; a code another family
   * holds is a unique violation, and another set of digits is tried.
   */
  async function codeOf(learnerAccountId: string, name: string): Promise<string> {
    const letters = referralCodeLetters(name);
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const existing = await repository.findCodeOfAccount(learnerAccountId);
      if (existing) return existing;
      const code = letters + digits(attempt < SHORT_DIGITS_ATTEMPTS ? 4 : 6);
      if (!codePattern.test(code)) throw new Error(`Referral code ${code} does not match ${referralCodePattern}`);
      try {
        await repository.insertCodeIfNone(learnerAccountId, code, now());
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    const existing = await repository.findCodeOfAccount(learnerAccountId);
    if (existing) return existing;
    throw new Error(`No free referral code starting ${letters} after ${CODE_ATTEMPTS} tries`);
  }

  return {
    codeOf,

    async card(user: AuthUser, batchId: string, batchStudentId: string): Promise<ReferralCard> {
      if (user.userType !== 'Learner' || !user.learnerAccountId) {
        throw new DomainError('FORBIDDEN', 'Only learners have a referral code to share', 403);
      }
      const row = await repository.findBatchStudentInBatch(user.learnerAccountId, batchStudentId, batchId);
      if (!row) throw new DomainError('BATCH_STUDENT_NOT_FOUND', 'querystring.batchStudentID is not one of your batch students in this batch', 404);

      const code = await codeOf(user.learnerAccountId, row.account_name);
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
