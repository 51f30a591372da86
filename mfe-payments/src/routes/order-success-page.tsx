import { Link, useSearchParams } from 'react-router-dom';
import { css } from '@emotion/react';
import { isSafeRedirectPath } from '@kalike/shared/routing/safe-redirect';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { ActionRow } from '../components/action-row';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';
import { TeacherPayerNote } from '../components/teacher-payer-note';
import { isUuid } from '@kalike/shared/domain/uuid';
import { space } from '@kalike/shared/ui/theme';
import { SuccessContent } from '../features/checkout/components/success-content';

const actionsStyle = css({ marginTop: space(1) });

/**
 * `/payment-success?orderId` (spec §2's misspelt `/payment-sucess` redirects here): where a payment link or request's
 * checkout comes back. Verifies the gateway's answer if it carries one, then the receipt.
 */
export default function OrderSuccessPage() {
  const [search] = useSearchParams();
  const learner = useSignedInLearner();
  const teacher = useSignedInTeacher();
  const orderId = search.get('orderId');
  const from = search.get('from');
  // Only a page of this site, and only a payment page, is offered for "Try again".
  const retryTo = isSafeRedirectPath(from) && /^\/(pay|payment-request)\//.test(from) ? from : null;
  let content;
  if (!isUuid(orderId)) {
    content = (
      <StatusMessage title="This receipt link is not complete">
        <p>
          Your payments are listed in <Link to={paths.classes()}>My Classes</Link>.
        </p>
      </StatusMessage>
    );
  } else if (teacher) {
    content = <TeacherPayerNote teacherName={teacher.name}>Receipts belong to the family who paid; what they paid you is in your earnings.</TeacherPayerNote>;
  } else if (!learner) {
    content = (
      <SignInPrompt title="Sign in to see your payment">
        Receipts belong to your Kalike account. Sign in with the phone number you paid with; you come straight back here.
      </SignInPrompt>
    );
  } else {
    content = (
      <SuccessContent orderId={orderId} purpose={retryTo?.startsWith('/payment-request/') ? 'payment_request' : 'payment_link'} retryTo={retryTo}>
        {() => (
          <ActionRow css={actionsStyle}>
            <LinkButton to={paths.classes()}>Go to My Classes</LinkButton>
          </ActionRow>
        )}
      </SuccessContent>
    );
  }
  return (
    <PageColumn>
      <DocumentTitle>Payment</DocumentTitle>
      <PageTitle>Payment</PageTitle>
      {content}
    </PageColumn>
  );
}
