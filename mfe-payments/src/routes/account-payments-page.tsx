import { Link } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { stack } from '@kalike/shared/ui/layout-styles';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { errorText, pageIntro } from '@kalike/shared/ui/text-styles';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';

import { TeacherPayerNote } from '../components/teacher-payer-note';
import { useAccountPayments } from '../features/account-payments/api/get-account-payments';
import { AccountPaymentList } from '../features/account-payments/components/account-payment-list';

function AccountPayments() {
  const history = useAccountPayments();
  if (history.isPending) return <PageLoading label="Loading your payments" rows={4} />;
  // A failed "Show older" keeps the pages already shown; only a failed first page replaces them.
  if (history.isError && !history.isFetchNextPageError) {
    return (
      <StatusMessage tone="error" title="Your payments could not be loaded" action={{ label: 'Try again', onClick: () => void history.refetch() }}>
        {readableErrorMessage(history.error)}
      </StatusMessage>
    );
  }
  const items = history.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <StatusMessage title="No payments yet">
        <p>When you pay for classes, each payment and its receipt shows here.</p>
        <p>
          <Link to={paths.classes()}>Go to My Classes</Link>
        </p>
      </StatusMessage>
    );
  }
  return (
    <div css={stack[4]}>
      <AccountPaymentList items={items} />
      {history.hasNextPage && (
        <Button type="button" variant="secondary" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {history.isFetchingNextPage ? 'Loading…' : 'Show older payments'}
        </Button>
      )}
      {history.isFetchNextPageError && (
        <p role="alert" css={errorText}>
          Older payments could not be loaded. {readableErrorMessage(history.error)}
        </p>
      )}
    </div>
  );
}

/** `/account/payments`: every payment, refund and credit movement of the account, with its receipt or credit note. */
export default function AccountPaymentsPage() {
  const teacher = useSignedInTeacher();
  return (
    <PageColumn>
      <DocumentTitle>Your payments</DocumentTitle>
      <PageTitle>Your payments</PageTitle>
      {teacher ? (
        <TeacherPayerNote teacherName={teacher.name}>Payments and receipts belong to the family who paid.</TeacherPayerNote>
      ) : (
        <>
          <p css={pageIntro}>Every payment, refund and use of Kalike credit on your account, newest first, with its receipt.</p>
          <AccountPayments />
        </>
      )}
    </PageColumn>
  );
}
