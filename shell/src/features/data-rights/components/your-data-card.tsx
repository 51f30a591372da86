import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { colors, space } from '@kalike/shared/ui/theme';

import { useDownloadMyData } from '../api/data-rights';

const cardStyles = css({ marginTop: space(4) });
const headingStyles = css({ margin: `0 0 ${space(2)}`, fontSize: '1.1rem' });
const noteStyles = css({ margin: `0 0 ${space(3)}`, color: colors.textMuted });
const actionsStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space(2) });

/** `/account`'s card for a person's rights over their data: take a copy of it, or delete the account. */
export function YourDataCard() {
  const download = useDownloadMyData();
  return (
    <Card css={cardStyles}>
      <h2 css={headingStyles}>Your data</h2>
      <p css={noteStyles}>Download everything Kalike holds about you as one file, or delete your account and the personal data with it.</p>
      {download.error ? (
        <p role="alert" css={noteStyles}>
          {readableErrorMessage(download.error)}
        </p>
      ) : null}
      <div css={actionsStyles}>
        <Button type="button" variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? 'Preparing your file…' : 'Download your data'}
        </Button>
        <LinkButton to={paths.accountDeletion()} variant="secondary">
          Delete your account
        </LinkButton>
      </div>
    </Card>
  );
}
