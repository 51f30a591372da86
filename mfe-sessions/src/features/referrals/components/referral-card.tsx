import { useState } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { usePlatform } from '@kalike/shared/platform/platform';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { noMargin, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { wrapRow } from '@kalike/shared/ui/layout-styles';
import { colors, space, font } from '@kalike/shared/ui/theme';

import { useReferralCard } from '../api/get-referral-card';
import { copyText, shareReferral } from '../utils/share-referral';

const shareMessages: Partial<Record<Awaited<ReturnType<typeof shareReferral>>, string>> = {
  copied: 'Copied. Paste it into a message to another family.',
  failed: 'Sharing did not work on this device. Copy the code instead.',
};

const cardStyle = css({ display: 'grid', gap: space(2), background: colors.brandSoft });
const codeStyle = css({ fontSize: font.size.large, letterSpacing: '0.08em' });
const shareStatusStyle = css({ margin: 0, minHeight: '1.5em', fontSize: font.size.small });

/** The family's referral code for one batch, with ways to pass it on. */
export function ReferralCard({ batchId, batchStudentId }: { batchId: string; batchStudentId: string }) {
  const { isApp } = usePlatform();
  const card = useReferralCard(batchId, batchStudentId);
  const [message, setMessage] = useState<string | null>(null);

  if (card.isPending) return <SkeletonBlock height="9rem" role="status" aria-label="Loading your referral code" />;
  if (card.isError) {
    return (
      <StatusMessage tone="error" title="Your referral code could not be loaded" action={{ label: 'Try again', onClick: () => void card.refetch() }}>
        {readableErrorMessage(card.error)}
      </StatusMessage>
    );
  }
  const referral = card.data;
  const share = async () => {
    setMessage(null);
    const outcome = await shareReferral(referral, { isApp });
    setMessage(shareMessages[outcome] ?? null);
  };
  const copyCode = async () => {
    setMessage((await copyText(referral.code)) ? `Code ${referral.code} copied.` : `Could not copy. Your code is ${referral.code}.`);
  };
  return (
    <Card as="article" aria-labelledby="referral-heading" css={cardStyle}>
      <h3 id="referral-heading" css={subsectionHeading}>
        Share {referral.teacher.name}'s classes
      </h3>
      <p css={noMargin}>{referral.offer}</p>
      <p css={noMargin}>
        Your code: <strong css={codeStyle}>{referral.code}</strong>
      </p>
      <div css={wrapRow}>
        <Button type="button" onClick={() => void share()}>
          Share
        </Button>
        <Button type="button" variant="secondary" onClick={() => void copyCode()}>
          Copy code
        </Button>
      </div>
      <p role="status" css={shareStatusStyle}>
        {message}
      </p>
    </Card>
  );
}
