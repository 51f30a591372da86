import { useNavigate, useSearchParams } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { useCategories } from '@kalike/shared/categories/categories-query';
import { mutedIntro } from '@kalike/shared/ui/text-styles';
import { RequestForm } from '../features/class-request/components/request-form';
import { useDraftRef } from '../features/class-request/hooks/use-draft-ref';
import { useRequestAccount } from '../features/class-request/hooks/use-request-account';
import { learnersOnly } from '../components/learners-only';

/**
 * `/enquiry` and `/enquiryform` ('Request Class'): what to learn and how, then the teachers
 * near the learner to send it to (`/enquire/selectprograms`).
 */
function EnquiryPage() {
  const navigate = useNavigate();
  const categories = useCategories();
  const account = useRequestAccount();
  useDraftRef({ refPage: paths.enquiry(), refSection: '' });
  // Opened from a subject's page ("ask_chess"): that subject, unless the learner chose one already.
  const [search] = useSearchParams();
  const subjectFromRef = /^ask_([a-z0-9-]+)$/.exec(search.get('refSection') ?? '')?.[1];
  return (
    <PageColumn>
      <DocumentTitle>Request a class</DocumentTitle>
      <PageTitle>Request a class</PageTitle>
      <p css={mutedIntro}>Tell us what you are looking for, then choose the teachers near you who should get your request.</p>
      {categories.isPending && <PageLoading label="Loading subjects" rows={4} rowHeight="3rem" />}
      {categories.isError && (
        <StatusMessage tone="error" title="Subjects could not be loaded" action={{ label: 'Try again', onClick: () => void categories.refetch() }}>
          {readableErrorMessage(categories.error)}
        </StatusMessage>
      )}
      {categories.isSuccess && (
        <RequestForm
          variant="general"
          categories={categories.data.map((category) => ({ id: category.slug, name: category.name }))}
          defaultCategorySlug={subjectFromRef}
          {...account.formProps}
          submitLabel="Continue"
          submitNote="Next, choose the teachers near you who should get your request."
          pending={false}
          failure={null}
          onValid={() => navigate(paths.selectPrograms())}
        />
      )}
    </PageColumn>
  );
}

export default learnersOnly(EnquiryPage);
