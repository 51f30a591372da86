import { useParams } from 'react-router-dom';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { LoadFailure } from '../components/load-failure';
import { useCreditNote } from '../features/credit-notes/api/get-credit-note';
import { CreditNoteCard } from '../features/credit-notes/components/credit-note-card';

/** The credit note's tokens are 24 random bytes in base64url, as the API makes them. */
const tokenPattern = /^[A-Za-z0-9_-]{32}$/;

function CreditNoteDetails({ token }: { token: string }) {
  const note = useCreditNote(token);
  if (note.isPending) return <PageLoading label="Loading the credit note" rows={3} rowHeight="6rem" />;
  if (note.isError) return <LoadFailure error={note.error} title="The credit note could not be loaded" onRetry={() => void note.refetch()} />;
  return <CreditNoteCard note={note.data} />;
}

/** `/credit-notes/:token`: a GST credit note by the link texted to the payer; anyone with the link may read it, as its PDF. */
export default function CreditNotePage() {
  const { token = '' } = useParams();
  return (
    <PageColumn>
      <DocumentTitle>Credit note</DocumentTitle>
      <PageTitle>Credit note</PageTitle>
      {tokenPattern.test(token) ? (
        <CreditNoteDetails token={token} />
      ) : (
        <StatusMessage title="This credit note link is not valid">The link looks incomplete. Open it again from the text Kalike sent you.</StatusMessage>
      )}
    </PageColumn>
  );
}
