import { Link, useNavigate, useParams } from 'react-router-dom';
import { sectionLabels } from '@kalike/shared/analytics/track';
import { isApiError, readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import type { TeacherPage, TeacherPageListing } from '@kalike/shared/contracts/teacher-listings';
import { formatStartTime, offeredModes, timeOfDayOfStart } from '@kalike/shared/domain/enquiry-fit';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { useCurrentPath } from '@kalike/shared/hooks/use-current-path';
import { useLearnerPoint } from '@kalike/shared/location/learner-point';
import { useTeacherPage } from '@kalike/shared/teacher-page/teacher-page-query';
import { mutedIntro } from '@kalike/shared/ui/text-styles';
import { RequestForm } from '../features/class-request/components/request-form';
import type { SlotSuggestion } from '../features/class-request/hooks/use-request-form';
import { useDraftRef } from '../features/class-request/hooks/use-draft-ref';
import { useSendRequest } from '../features/class-request/hooks/use-send-request';
import { signInNote } from '../features/class-request/utils/sign-in-note';
import { useAfterSent } from '../features/class-request/hooks/use-after-sent';
import { useRequestAccount } from '../features/class-request/hooks/use-request-account';
import { learnersOnly } from '../components/learners-only';
import { useUserStore } from '@kalike/shared/user/user-store';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const programLevelLabels = { beginner: 'beginners', intermediate: 'intermediate', advanced: 'advanced', all_levels: 'all levels' } as const;

const shortDays = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The listing's batch times as suggestions, one per distinct day set, start and place, with the programs that run it. */
function slotSuggestions(listing: TeacherPageListing): SlotSuggestion[] {
  const slots = new Map<string, SlotSuggestion & { programIds: string[] }>();
  for (const program of listing.programs) {
    for (const batch of program.batches) {
      const days = [...batch.daysOfWeek].sort((a, b) => a - b);
      const label = `${days.map((day) => shortDays[day]).join(' & ')}, ${formatStartTime(batch.startTime)} · ${batch.place.name}`;
      const slot = slots.get(label) ?? { label, days, time: timeOfDayOfStart(batch.startTime), programIds: [] };
      if (!slot.programIds.includes(program.id)) slot.programIds.push(program.id);
      slots.set(label, slot);
    }
  }
  return [...slots.values()];
}

interface TeacherRoute {
  city: string;
  categorySlug: string;
  teacherSlug: string;
}

function TeacherRequest({ page, route }: { page: TeacherPage; route: TeacherRoute }) {
  const navigate = useNavigate();
  const here = useCurrentPath();
  const account = useRequestAccount();
  const afterSent = useAfterSent();
  const { name } = page.teacher;
  // The route's subject first: someone who came from the chess page asks about chess.
  const listing = page.listings.find((entry) => entry.category.slug === route.categorySlug) ?? page.listings[0];
  useDraftRef({ refPage: paths.teacher(route.city, route.categorySlug, route.teacherSlug), refSection: sectionLabels.enquiryTab });
  const { send, pending, failure } = useSendRequest({
    addChild: account.addChild,
    onSent: afterSent,
  });
  // A teacher learning on the same phone, on their own page: the enquiry would be sent to themself.
  const ownPage = useUserStore((state) => state.user?.teacher?.id === page.teacher.id);

  if (ownPage) {
    return (
      <StatusMessage title="This is your listing">
        <p>
          Families enquire with you here; you cannot send an enquiry to yourself.{' '}
          <Link to={listing ? paths.teachListing(listing.id) : paths.teachListings()}>Manage your listing</Link> in your workspace.
        </p>
      </StatusMessage>
    );
  }

  if (!listing) {
    return (
      <StatusMessage title={`${name} is not taking enquiries right now`}>
        <p>
          <Link to={paths.search()}>Search for another teacher</Link> or <Link to={paths.enquiry()}>request a class</Link>.
        </p>
      </StatusMessage>
    );
  }
  const signedIn = account.learner !== null;
  return (
    <>
      <DocumentTitle>{`Enquire with ${name}`}</DocumentTitle>
      <PageTitle>Enquire with {name}</PageTitle>
      <p css={mutedIntro}>
        {listing.title}. Tell {name.split(' ')[0]} what you are looking for; you will hear back within two days.
      </p>
      <RequestForm
        variant="teacher"
        programs={listing.programs.map((program) => ({ id: program.id, name: program.name, hint: programLevelLabels[program.level] }))}
        modes={offeredModes({ mode: listing.mode, batches: listing.programs.flatMap((program) => program.batches) })}
        slots={slotSuggestions(listing)}
        {...account.formProps}
        submitLabel={signedIn ? 'Send enquiry' : 'Continue'}
        submitNote={signedIn ? undefined : signInNote}
        pending={pending}
        failure={failure}
        onValid={(values) => (signedIn ? send(values, [{ listingId: listing.id, programId: values.programId || null }]) : navigate(paths.login(here)))}
      />
    </>
  );
}

function TeacherEnquiry(route: TeacherRoute) {
  // The learner's point, as on the teacher's page: the page they came from is already cached.
  const teacher = useTeacherPage(route.teacherSlug, useLearnerPoint());
  if (teacher.isPending) return <PageLoading label="Loading the teacher" rows={4} rowHeight="3rem" />;
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
  return <TeacherRequest page={teacher.data} route={route} />;
}

/** Entry from a teacher's page: the enquiry, addressed to that teacher. */
function TeacherEnquirePage() {
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

export default learnersOnly(TeacherEnquirePage);
