import { useParams } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';
import { PageColumn } from '@kalike/shared/ui/page-column';

import { EnrolmentMessages } from './page-sections/enrolment-messages';

/** `/messages/enrolment/:batchStudentId`: the family's conversation with the teacher of a batch they are in. */
export default function EnrolmentMessagesPage() {
  const { batchStudentId = '' } = useParams();
  return (
    <PageColumn>
      <EnrolmentMessages batchStudentId={batchStudentId} back={{ to: paths.classes(), label: 'Your classes' }} />
    </PageColumn>
  );
}
