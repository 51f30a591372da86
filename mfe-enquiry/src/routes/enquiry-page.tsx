import { useTheme } from '@emotion/react';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';

import { ClassRequestForm } from '../features/class-request/components/class-request-form';

/** 'Request Class': what to learn and a note for teachers near the learner. */
export default function EnquiryPage() {
  const theme = useTheme();
  return (
    <PageColumn>
      <PageTitle>Request a class</PageTitle>
      <p css={{ color: theme.colors.textMuted, marginTop: 0 }}>
        Tell us what you are looking for and teachers near you will get in touch.
      </p>
      <ClassRequestForm />
    </PageColumn>
  );
}
