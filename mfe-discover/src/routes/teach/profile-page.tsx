import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { brandLinkText, pageIntro } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { useTeacherProfile } from '../../features/teach/profile/api/teacher-profile';
import { PhotoPicker } from '../../features/teach/profile/components/photo-picker';
import { ProfileForm } from '../../features/teach/profile/components/profile-form';

const sectionsStyles = css({ display: 'grid', gap: space(6) });

function ProfileContent() {
  const profile = useTeacherProfile();
  if (profile.isPending) return <SkeletonList rows={4} rowHeight="5rem" label="Loading your profile" />;
  if (profile.isError) {
    return (
      <StatusMessage tone="error" title="Your profile could not be loaded" action={{ label: 'Try again', onClick: () => void profile.refetch() }}>
        {readableErrorMessage(profile.error)}
      </StatusMessage>
    );
  }
  const { data } = profile;
  return (
    <div css={sectionsStyles}>
      <p css={pageIntro}>
        Families read this on your listings and your page.{' '}
        {data.pagePath && (
          <Link to={data.pagePath} css={brandLinkText}>
            See your page as learners do
          </Link>
        )}
      </p>
      <PhotoPicker name={data.name} photo={data.photo} />
      <ProfileForm profile={data} />
    </div>
  );
}

/** `/teach/profile`: the teacher's name, photo, about-you text, experience, languages and qualifications. */
export default function TeachProfilePage() {
  return (
    <PageColumn>
      <DocumentTitle>Your profile</DocumentTitle>
      <PageTitle>Your profile</PageTitle>
      <ProfileContent />
    </PageColumn>
  );
}
