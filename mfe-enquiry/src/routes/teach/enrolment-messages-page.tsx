import { useParams } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';
import { PageColumn } from '@kalike/shared/ui/page-column';

import { TeacherGate } from '../../components/teacher-gate';
import { EnrolmentMessages } from '../page-sections/enrolment-messages';

/** `/teach/messages/enrolment/:batchStudentId`: the teacher's conversation with the family of one student. */
export default function TeachEnrolmentMessagesPage() {
  const { batchStudentId = '' } = useParams();
  return (
    <PageColumn>
      <TeacherGate>
        {() => <EnrolmentMessages batchStudentId={batchStudentId} back={{ to: paths.teachPayments(), label: 'Your students and payments' }} />}
      </TeacherGate>
    </PageColumn>
  );
}
