import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';
import { useUserStore } from '@kalike/shared/user/user-store';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

const noteStyles = css({
  margin: 0,
  padding: `${space(2)} ${space(3)}`,
  borderRadius: radius.medium,
  background: colors.background,
  border: `1px solid ${colors.border}`,
  fontSize: font.size.small,
});

/**
 * Shown to a signed-in teacher where a learner would enquire or shortlist: those are a learner's
 * actions, so the teacher is told why they are not offered instead of meeting an error. On
 * their own page, the teacher is led to where they answer its reviews.
 */
export function TeacherViewerNote({ pageTeacherId }: { pageTeacherId: string }) {
  const ownPage = useUserStore((state) => state.user?.teacher?.id === pageTeacherId);
  if (ownPage) {
    return (
      <p css={noteStyles}>
        This is your page as learners see it. <Link to={paths.teachReviews()}>Reply to your reviews</Link> or go to your{' '}
        <Link to={paths.teach()}>teacher workspace</Link>.
      </p>
    );
  }
  return (
    <p css={noteStyles}>
      You are signed in as a teacher: enquiring and shortlisting are for learner accounts. <Link to={paths.teach()}>Go to your workspace</Link>.
    </p>
  );
}

/** Whether the signed-in phone's teacher profile is this page's teacher, in either role (a teacher may also learn). */
export function useIsOwnTeacherPage(pageTeacherId: string | undefined): boolean {
  return useUserStore((state) => pageTeacherId !== undefined && state.user?.teacher?.id === pageTeacherId);
}

/**
 * Shown to a teacher acting as a learner on their own page, where Enquire would be: an
 * enquiry with their own listing would be sent to themself (the API refuses it too).
 */
export function OwnListingNote({ listingId }: { listingId: string | undefined }) {
  return (
    <p css={noteStyles}>
      This is your listing. <Link to={listingId ? paths.teachListing(listingId) : paths.teachListings()}>Manage it in your workspace</Link>.
    </p>
  );
}
