/**
 * What other modules may rely on from sms: the sender they are handed (built once by the
 * composition root), to text a sign-in code or pass on a queued message.
 */
export type { SmsSender } from './sms-sender';
