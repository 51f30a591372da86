import type { ReferralCard } from '@kalike/shared/contracts/learner-updates';
import { shareThroughApp } from '@kalike/shared/platform/native-share';

export type ShareOutcome = 'app' | 'shared' | 'dismissed' | 'copied' | 'failed';

/** The share text the API wrote; it carries the link, which is added only if it is missing. */
export function referralShareText(card: Pick<ReferralCard, 'shareText' | 'shareUrl'>): string {
  return card.shareText.includes(card.shareUrl) ? card.shareText : `${card.shareText} ${card.shareUrl}`;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// By name, not instanceof: a DOMException from another realm (an iframe, a webview) is not an Error here.
const isAbort = (error: unknown) => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * Shares the referral the best way the device offers: the native app's own sheet inside the
 * app, else the browser's share sheet, else the clipboard. Closing the share sheet is the
 * parent's choice, not a failure.
 */
export async function shareReferral(card: ReferralCard, { isApp }: { isApp: boolean }): Promise<ShareOutcome> {
  const title = `Classes with ${card.teacher.name} on Kalike`;
  const text = referralShareText(card);
  if (isApp && shareThroughApp({ title, text, url: card.shareUrl })) return 'app';
  if (typeof navigator.share === 'function') {
    try {
      // The text already carries the link; passing `url` too makes many apps show it twice.
      await navigator.share({ title, text });
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'dismissed';
      // Refused (no user gesture, a policy): copying still gets the text to the parent.
    }
  }
  return (await copyText(text)) ? 'copied' : 'failed';
}
