import { Link, useParams } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { isApiError, readableErrorMessage } from '@kalike/shared/api/api-error';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { paths } from '@kalike/shared/routing/paths';

import { useEnquiryTeacher } from '../features/class-request/api/get-teacher';
import { ClassRequestForm } from '../features/class-request/components/class-request-form';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function TeacherEnquiry({ city, categorySlug, teacherSlug }: { city: string; categorySlug: string; teacherSlug: string }) {
  const theme = useTheme();
  const teacher = useEnquiryTeacher(teacherSlug);
  if (teacher.isPending) return <SkeletonList rows={3} rowHeight="3rem" label="Loading the teacher" />;
  if (teacher.isError) {
    if (isApiError(teacher.error) && teacher.error.statusCode === 404) {
      return (
        <StatusMessage title="This teacher is not on Kalike any more">
          <p>
            <Link to={paths.search()}>Search for another teacher</Link> or <Link to={paths.enquiry()}>request a class</Link>.
          </p>
        </StatusMessage>
      );
    }
    return (
      <StatusMessage tone="error" title="The teacher could not be loaded" action={{ label: 'Try again', onClick: () => void teacher.refetch() }}>
        {readableErrorMessage(teacher.error)}
      </StatusMessage>
    );
  }
  const { name } = teacher.data.teacher;
  const listing = teacher.data.listings.find((entry) => entry.category.slug === categorySlug) ?? teacher.data.listings[0];
  return (
    <>
      <PageTitle>Enquire with {name}</PageTitle>
      <p css={{ color: theme.colors.textMuted, marginTop: 0 }}>
        {listing ? `${listing.title}. ` : ''}Tell {name.split(' ')[0]} what you are looking for.
      </p>
      <ClassRequestForm
        preset={{
          categorySlug: listing?.category.slug ?? '',
          refPage: paths.teacher(city, categorySlug, teacherSlug),
          refSection: 'teacher_page',
        }}
      />
    </>
  );
}

/** Entry from a teacher's page: the class request, addressed to that teacher. */
export default function TeacherEnquirePage() {
  const { city = '', category = '', teacherSlug = '' } = useParams();
  const valid = [city, category, teacherSlug].every((value) => slugPattern.test(value) && value.length <= 120);
  return (
    <PageColumn>
      {valid ? (
        <TeacherEnquiry city={city} categorySlug={category} teacherSlug={teacherSlug} />
      ) : (
        <StatusMessage title="This link is not complete">
          <p>
            <Link to={paths.search()}>Search for a teacher</Link> to enquire.
          </p>
        </StatusMessage>
      )}
    </PageColumn>
  );
}
