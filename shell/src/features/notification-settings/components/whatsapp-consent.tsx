import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { formatInstantLong } from '@kalike/shared/format/dates';
import { errorText, mutedText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';
import type { NotificationPreferences } from '@kalike/shared/contracts/notifications';

import { whatsappConsentWords } from '@kalike/shared/domain/whatsapp-consent';

import { useWhatsappConsent, whatsappAgreedAt } from '../api/notification-preferences';

const stackStyles = css({ display: 'grid', gap: space(3) });
const headingStyles = css({ margin: 0 });
const wordsStyles = css({ margin: 0, paddingLeft: space(3), borderLeft: '3px solid currentColor' });

/**
 * WhatsApp needs the person's own yes, given here with the words they read, and kept with when
 * and how it was given (India's DPDP Act); withdrawing is as easy and counts at once.
 */
export function WhatsappConsent({ audience, preferences }: { audience: NotificationAudience; preferences: NotificationPreferences }) {
  const consent = useWhatsappConsent(audience);
  const consented = preferences.whatsappOptedIn;
  const consentedAt = whatsappAgreedAt(preferences);
  return (
    <Card>
      <section aria-labelledby="whatsapp-consent-heading" css={stackStyles}>
        <h2 id="whatsapp-consent-heading" css={headingStyles}>
          WhatsApp
        </h2>
        <blockquote css={wordsStyles}>{whatsappConsentWords}</blockquote>
        {consented ? (
          <>
            <p css={mutedText}>{consentedAt ? `You agreed on ${formatInstantLong(consentedAt)}.` : 'You agreed to WhatsApp messages.'}</p>
            <div>
              <Button type="button" variant="secondary" disabled={consent.isPending} onClick={() => consent.mutate(false)}>
                Stop WhatsApp messages
              </Button>
            </div>
          </>
        ) : (
          <>
            <p css={mutedText}>Until you agree, reminders come by SMS.</p>
            <div>
              <Button type="button" disabled={consent.isPending} onClick={() => consent.mutate(true)}>
                I agree: send me WhatsApp messages
              </Button>
            </div>
          </>
        )}
        {consent.isError && (
          <p role="alert" css={errorText}>
            {readableErrorMessage(consent.error)}
          </p>
        )}
      </section>
    </Card>
  );
}
