import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../shared/domain-error';

/** The header a web origin sends the feed's secret in (scripts/server-pages.mjs sends it). */
export const pageChangesSecretHeader = 'x-page-changes-secret';

/** Where an unconfigured secret is kept (auth_secrets), generated on first start like the other local secrets. */
export const PAGE_CHANGES_SECRET_NAME = 'page-changes';

const digest = (value: string) => createHmac('sha256', 'kalike:page-changes-secret:v1').update(value).digest();

/**
 * Refuses a reader without the web origins' secret: 401 without one, 403 with another. Both
 * sides are hashed to one length first, so the comparison takes the same time whatever was sent.
 */
export function checkPageChangesSecret(sent: string | string[] | undefined, secret: string): void {
  if (typeof sent !== 'string' || sent.length === 0) {
    throw new DomainError('PAGE_CHANGES_SECRET_REQUIRED', `The page-change feed is for the web origins: send their secret in ${pageChangesSecretHeader}`, 401);
  }
  if (!timingSafeEqual(digest(sent), digest(secret))) {
    throw new DomainError('PAGE_CHANGES_SECRET_WRONG', 'That is not the page-change feed secret the web origins share with the API', 403);
  }
}
