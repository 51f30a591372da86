import { css } from '@emotion/react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ListingCard } from '@kalike/shared/contracts/teacher-listings';
import * as paths from '@kalike/shared/routing/paths';
import { loginToShortlist } from '@kalike/shared/routing/shortlist-sign-in';
import { track } from '@kalike/shared/analytics/track';
import { toastStore } from '@kalike/shared/ui/toast-store';
import { colors, space, radius } from '@kalike/shared/ui/theme';
import { useIsTeacher } from '@kalike/shared/user/signed-in-as';

import { useShortlistedIds } from '../api/get-shortlist';
import { useUpdateShortlist } from '../api/update-shortlist';

interface ShortlistToggleProps {
  listing: ListingCard;
  /** The section the toggle sits in, for analytics (spec §9). */
  refSection?: string;
  /** A wider button with words, for the teacher page. */
  withText?: boolean;
  /** The accessible name; it stays the same in both states (aria-pressed carries the state). */
  label?: string;
}

const toggleStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space(2),
  minWidth: '44px',
  minHeight: '44px',
  padding: 0,
  borderRadius: radius.pill,
  border: `1px solid ${colors.border}`,
  background: colors.surface,
  color: colors.brand,
  fontWeight: 600,
  cursor: 'pointer',
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const toggleWithTextStyles = css({ padding: `0 ${space(4)}` });
const togglePressedStyles = css({ border: `1px solid ${colors.brand}`, background: colors.brandSoft });
/** The shortlist is still loading: the toggle cannot know its state yet. */
const toggleUnknownStyles = css({ cursor: 'progress' });

/**
 * Adds a listing to the learner's shortlist or takes it off. Signed out, a tap goes to
 * sign-in, which says why, shortlists this listing once the person is in and comes back here. `aria-pressed` tells screen readers which state it is in.
 * The shortlist is a learner's: a signed-in teacher is not offered it.
 */
export function ShortlistToggle(props: ShortlistToggleProps) {
  if (useIsTeacher()) return null;
  return <LearnerShortlistToggle {...props} />;
}

function LearnerShortlistToggle({ listing, refSection, withText = false, label }: ShortlistToggleProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { ids, signedIn } = useShortlistedIds();
  const update = useUpdateShortlist();
  const pressed = ids?.has(listing.id) ?? false;
  // Signed in but the shortlist has not answered yet: no honest state to toggle from.
  const unknown = signedIn && ids === undefined;

  const onClick = () => {
    if (!signedIn) {
      navigate(loginToShortlist(`${location.pathname}${location.search}`, listing.id));
      return;
    }
    if (unknown) return;
    if (pressed) update.mutate({ shortlisted: false, listingId: listing.id });
    else {
      update.mutate(
        { shortlisted: true, listing },
        // Once the API has it: where to find the shortlist, which nothing else on the page shows.
        { onSuccess: () => toastStore.getState().show('Shortlisted', 'info', { label: 'View shortlist', to: paths.shortlist() }) },
      );
    }
    track({
      name: pressed ? 'teacher_unshortlisted' : 'teacher_shortlisted',
      kind: 'funnel',
      eventType: 'click',
      refPage: location.pathname,
      refSection: refSection ?? null,
      properties: { listingId: listing.id, teacherSlug: listing.teacher.slug },
    });
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-disabled={unknown || undefined}
      aria-label={label ?? `Shortlist ${listing.teacher.name}`}
      title={signedIn ? undefined : 'Sign in to shortlist'}
      onClick={onClick}
      css={[toggleStyles, withText && toggleWithTextStyles, pressed && togglePressedStyles, unknown && toggleUnknownStyles]}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
        <path
          d="M12 20.5l-1.3-1.2C5.6 14.7 2.5 11.9 2.5 8.4 2.5 5.6 4.7 3.5 7.4 3.5c1.6 0 3.1.7 4.1 1.9 1-1.2 2.5-1.9 4.1-1.9 2.7 0 4.9 2.1 4.9 4.9 0 3.5-3.1 6.3-8.2 10.9L12 20.5z"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {withText && <span aria-hidden="true">{pressed ? 'Shortlisted' : 'Shortlist'}</span>}
    </button>
  );
}
