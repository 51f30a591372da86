import { css } from '@emotion/react';
import type { ReactNode } from 'react';

import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { mutedText, sectionHeading } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

/** What a family reads while a payment they made is checked: the same words from first paint to the answer. */
const confirmingPayment = {
  title: 'Confirming your payment…',
  message: "Please don't close this page. It takes a few seconds, and you are not charged twice.",
};

const progressStyle = css({ display: 'grid', gap: space(3), textAlign: 'center', padding: space(4) });

/**
 * A payment on its way to being booked. The shell shows it while the payment pages' code
 * downloads, and the payment pages while they check with the API, so a slow link shows one
 * steady sentence instead of an empty page and grey boxes.
 */
export function PaymentProgress({ title = confirmingPayment.title, children = confirmingPayment.message }: { title?: string; children?: ReactNode }) {
  return (
    <section role="status" aria-live="polite" aria-label={title} css={progressStyle}>
      <h2 css={sectionHeading}>{title}</h2>
      <p css={mutedText}>{children}</p>
      <SkeletonBlock height="0.5rem" />
    </section>
  );
}
