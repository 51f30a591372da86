import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { isOpenEnquiry } from '@kalike/shared/domain/enquiry-lifecycle';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { optionRowStyles } from '@kalike/shared/ui/form/form-styles';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { useEnrichEnquiry } from '../api/update-enquiry';
import { describeMoveFailure } from '../features/enquiries/utils/move-failure';
import type { StudentDto } from '@kalike/shared/contracts/accounts';
import { useAccountStudents } from '@kalike/shared/learner-account/learner-account-api';
import { AddStudentForm, EditStudentForm } from '@kalike/shared/learner-account/student-form';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { stack } from '@kalike/shared/ui/layout-styles';
import { errorText, mutedIntro, noMargin } from '@kalike/shared/ui/text-styles';
import { theme, colors, space, radius } from '@kalike/shared/ui/theme';
import { formFieldset, formHint, formLegend, formOptionRow } from '@kalike/shared/ui/form/form-css';
import { EnquiryGate } from '../features/enquiries/components/enquiry-gate';
import { maxStudents } from '../features/class-request/hooks/use-request-account';

/** The student form sits in this page's list as a card of its own. */
const studentFormFrame = css({
  padding: space(4),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  background: colors.surface,
});

const studentFacts = (student: StudentDto) => (student.dateOfBirth ? `Born ${formatCalendarDate(student.dateOfBirth)}` : 'No date of birth yet');

interface StudentsEditorProps {
  accountId: string;
  /** With an enquiry: the chosen student is attached to it. Without: the account's students, to add and change. */
  enquiry?: Enquiry;
}

const studentLineStyle = css({ display: 'flex', gap: space(2), alignItems: 'center' });
const studentChoiceStyle = css({ ...optionRowStyles(theme), flex: 1 });
const studentTextStyle = css({ display: 'grid' });
const studentShownStyle = css({ ...optionRowStyles(theme), flex: 1, cursor: 'default', display: 'grid' });

function StudentsEditor({ accountId, enquiry }: StudentsEditorProps) {
  const navigate = useNavigate();
  const students = useAccountStudents(accountId);
  const attach = useEnrichEnquiry(enquiry?.id ?? 'none');
  const [chosen, setChosen] = useState(enquiry ? (enquiry.student?.id ?? 'self') : '');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  if (students.isPending) return <PageLoading label="Loading your students" rows={3} rowHeight="3.5rem" />;
  if (students.isError) {
    return (
      <StatusMessage tone="error" title="Your students could not be loaded" action={{ label: 'Try again', onClick: () => void students.refetch() }}>
        {readableErrorMessage(students.error)}
      </StatusMessage>
    );
  }

  const save = async () => {
    if (!enquiry || attach.isPending) return;
    try {
      await attach.mutateAsync({ studentId: chosen === 'self' ? null : chosen });
      navigate(paths.enquiryDetail(enquiry.id));
    } catch {
      // Shown next to the button.
    }
  };

  const list = students.data;
  return (
    <div css={stack[4]}>
      <fieldset css={formFieldset}>
        <legend css={formLegend}>{enquiry ? 'Who is the class for?' : 'Your students'}</legend>
        {list.length === 0 && !enquiry && <p css={noMargin}>Add the children (or yourself) who will attend classes.</p>}
        {list.map((student) =>
          editing === student.id ? (
            <EditStudentForm
              key={student.id}
              accountId={accountId}
              student={student}
              withSchool={false}
              css={studentFormFrame}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <div key={student.id} css={studentLineStyle}>
              {enquiry ? (
                <label css={studentChoiceStyle}>
                  <input type="radio" name="student" value={student.id} checked={chosen === student.id} onChange={() => setChosen(student.id)} />
                  <span css={studentTextStyle}>
                    {student.name}
                    <span css={formHint}>{studentFacts(student)}</span>
                  </span>
                </label>
              ) : (
                <div css={studentShownStyle}>
                  <strong>{student.name}</strong>
                  <span css={formHint}>{studentFacts(student)}</span>
                </div>
              )}
              <Button type="button" variant="secondary" aria-label={`Edit ${student.name}`} onClick={() => setEditing(student.id)}>
                Edit
              </Button>
            </div>
          ),
        )}
        {enquiry && (
          <label css={formOptionRow}>
            <input type="radio" name="student" value="self" checked={chosen === 'self'} onChange={() => setChosen('self')} />
            Myself
          </label>
        )}
      </fieldset>
      {adding ? (
        <AddStudentForm
          accountId={accountId}
          label="Add a child"
          submitLabel="Add child"
          withSchool={false}
          css={studentFormFrame}
          onCancel={() => setAdding(false)}
          onAdded={(student) => {
            setAdding(false);
            if (enquiry) setChosen(student.id);
          }}
        />
      ) : list.length < maxStudents ? (
        <div>
          <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
            Add a child
          </Button>
        </div>
      ) : (
        <p css={noMargin}>Your account has the most students it can hold ({maxStudents}).</p>
      )}
      {enquiry && (
        <div css={stack[2]}>
          {attach.error && (
            <p role="alert" css={errorText}>
              {describeMoveFailure(attach.error).message}
            </p>
          )}
          <Button type="button" onClick={() => void save()} disabled={attach.isPending || adding || editing !== null}>
            {attach.isPending ? 'Saving…' : 'Save and go back to the enquiry'}
          </Button>
          <Link to={paths.enquiryDetail(enquiry.id)}>Back to the enquiry without changes</Link>
        </div>
      )}
    </div>
  );
}

function ForEnquiry({ enquiryId, accountId }: { enquiryId: string; accountId: string }) {
  return (
    <EnquiryGate
      enquiryId={enquiryId}
      signInTitle="Sign in to choose the student"
      signInReason="Students and enquiries belong to your Kalike account."
      loadingLabel="Loading the enquiry"
    >
      {(enquiry) =>
        isOpenEnquiry(enquiry.state) ? (
          <>
            <p css={mutedIntro}>Your enquiry with {enquiry.teacher.name}. The student you choose goes with every enquiry you sent together with it.</p>
            <StudentsEditor accountId={accountId} enquiry={enquiry} />
          </>
        ) : (
          <StatusMessage title="This enquiry has ended">
            <p>
              <Link to={paths.enquiryDetail(enquiry.id)}>See the enquiry</Link>
            </p>
          </StatusMessage>
        )
      }
    </EnquiryGate>
  );
}

/** `/student-details` (`?enquiryId=` optional) and `/:enquiryId/student-details`: who the class is for. */
export default function StudentDetailsPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const enquiryId = params.enquiryId ?? search.get('enquiryId') ?? '';
  const learner = useSignedInLearner();
  let content;
  if (!learner) {
    content = (
      <SignInPrompt title="Sign in to choose the student">
        Students are saved to your Kalike account, so teachers know who will attend. Sign in with your phone number.
      </SignInPrompt>
    );
  } else if (!learner.accountId) {
    content = (
      <StatusMessage title="Your account is not complete yet">
        <p>
          <Link to={paths.account()}>Complete your account</Link> to add students.
        </p>
      </StatusMessage>
    );
  } else if (enquiryId) {
    content = <ForEnquiry enquiryId={enquiryId} accountId={learner.accountId} />;
  } else {
    content = <StudentsEditor accountId={learner.accountId} />;
  }
  return (
    <PageColumn>
      <DocumentTitle>Student details</DocumentTitle>
      <PageTitle>Student details</PageTitle>
      {content}
    </PageColumn>
  );
}
