import { useState } from 'react';
import { css } from '@emotion/react';
import { useQueryClient } from '@tanstack/react-query';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AccountErasure } from '@kalike/shared/contracts/data-rights';
import { formatPaise } from '@kalike/shared/format/money';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { ActionCodeStep } from '@kalike/shared/ui/form/action-code-step';
import { Card } from '@kalike/shared/ui/card';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { colors, space } from '@kalike/shared/ui/theme';
import { useUserStore } from '@kalike/shared/user/user-store';

import { deleteAccount, useDeletionOutlook } from '../features/data-rights/api/data-rights';
import { deletionConsequences } from '../features/data-rights/deletion-consequences';
import { signOut } from '../features/auth/api/sign-out';

const listStyles = css({ margin: `0 0 ${space(4)}`, paddingLeft: space(5), display: 'grid', gap: space(2) });
const headingStyles = css({ margin: `0 0 ${space(3)}`, fontSize: '1.1rem' });
const noteStyles = css({ margin: `0 0 ${space(3)}`, color: colors.textMuted });
const sectionStyles = css({ display: 'grid', gap: space(4) });
const actionsStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space(2) });

/** What deleting does for this person, then the texted code, then the erasure. */
function DeletionFlow({ onErased }: { onErased: (erasure: AccountErasure) => void }) {
  const outlook = useDeletionOutlook();
  const [confirming, setConfirming] = useState(false);
  if (outlook.isPending) return <SkeletonList rows={4} rowHeight="2rem" label="Working out what deleting does" />;
  if (outlook.isError) {
    return (
      <StatusMessage tone="error" title="What deleting does could not be worked out" action={{ label: 'Try again', onClick: () => void outlook.refetch() }}>
        {readableErrorMessage(outlook.error)}
      </StatusMessage>
    );
  }
  const { blockers, refundTotalPaise } = outlook.data;
  return (
    <div css={sectionStyles}>
      <Card>
        <h2 css={headingStyles}>What happens when you delete your account</h2>
        <ul css={listStyles}>
          {deletionConsequences(outlook.data).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>
      {blockers.length > 0 ? (
        <StatusMessage title="Your account cannot be deleted yet">
          {blockers.map((blocker) => (
            <span key={blocker.code}>{blocker.message} </span>
          ))}
        </StatusMessage>
      ) : (
        <Card>
          <h2 css={headingStyles}>Delete your account</h2>
          {confirming ? (
            <ActionCodeStep
              purpose="delete-account"
              confirmLabel="Delete my account"
              onCancel={() => setConfirming(false)}
              onConfirm={async (confirmation) => onErased(await deleteAccount({ confirmation, expectedRefundPaise: refundTotalPaise }))}
            />
          ) : (
            <>
              <p css={noteStyles}>This cannot be undone. {refundTotalPaise > 0 ? `${formatPaise(refundTotalPaise)} is refunded as listed above.` : ''}</p>
              <div css={actionsStyles}>
                <Button type="button" onClick={() => setConfirming(true)}>
                  Continue to delete
                </Button>
                <LinkButton to={paths.account()} variant="secondary">
                  Keep my account
                </LinkButton>
              </div>
            </>
          )}
        </Card>
      )}
    </div>
  );
}

/** After the erasure: what was done, and the way out (the person is already signed out everywhere). */
function Erased({ erasure }: { erasure: AccountErasure }) {
  return (
    <StatusMessage title="Your account is deleted">
      {erasure.refundedPaise > 0 ? `${formatPaise(erasure.refundedPaise)} is on its way back to your payment method (usually 5–7 working days). ` : ''}
      Your personal data is erased and you are signed out. Thank you for learning with Kalike.
    </StatusMessage>
  );
}

/** `/account/delete`: delete your account, after being told exactly what that does for you. */
export default function AccountDeletionPage() {
  const user = useUserStore((state) => state.user);
  const queryClient = useQueryClient();
  const [erasure, setErasure] = useState<AccountErasure | null>(null);
  return (
    <PageColumn>
      <PageTitle>Delete your account</PageTitle>
      {erasure ? <Erased erasure={erasure} /> : null}
      {!erasure && user ? (
        <DeletionFlow
          onErased={(done) => {
            setErasure(done);
            // The server ended every sign-in already; this forgets them here and drops what the page had read.
            void signOut().then(() => queryClient.clear());
          }}
        />
      ) : null}
      {!erasure && !user ? (
        <StatusMessage title="Sign in to delete your account">
          <LinkButton to={paths.login(paths.accountDeletion())}>Sign in</LinkButton>
        </StatusMessage>
      ) : null}
      {erasure ? <LinkButton to={paths.home()}>Go to Kalike’s home page</LinkButton> : null}
    </PageColumn>
  );
}
