import { badgeKinds } from '@kalike/shared/domain/listing-values';
import type { Badge, BadgeKind, Batch, TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import { badgeCopy } from '@kalike/shared/domain/badges';
import { toClassPackPlan } from '../../shared/class-pack-plans';
import { DomainError } from '../../shared/domain-error';
import { teacherPhotoOf } from '../../shared/teacher-photo';
import { teacherPath } from '../../shared/teacher-page';
import type { LearnerPoint } from '../../shared/learner-point';
import type { TeacherListingRow, TeacherPageRepository, TeacherRow } from './teacher-page.repository';
import { shownLocation } from './listing-page.service';
import { teacherPreviewCardOf, teacherPreviewCardVersion, teacherPreviewImagePath, type TeacherPreviewCard } from './teacher-preview-card';

/** Reviews shown on the teacher page (the contract promises at most 20). */
const TEACHER_PAGE_REVIEWS = 20;

type BatchRow = Awaited<ReturnType<TeacherPageRepository['findBatches']>>[number];
type PlanRow = Awaited<ReturnType<TeacherPageRepository['findPlans']>>[number];
type BadgeRow = Awaited<ReturnType<TeacherPageRepository['findBadges']>>[number];

const previewCardOf = (teacher: TeacherRow, primary: TeacherListingRow): TeacherPreviewCard =>
  teacherPreviewCardOf({ name: teacher.name, rating: ratingOf(teacher) }, { categoryName: primary.category_name, localityName: primary.locality_name });

function toBatch(batch: BatchRow, plans: readonly PlanRow[]): Batch {
  return {
    id: batch.id,
    name: batch.name,
    daysOfWeek: batch.days_of_week.map(Number),
    startTime: batch.start_time,
    endTime: batch.end_time,
    startsOn: batch.starts_on,
    capacity: batch.capacity,
    seatsLeft: batch.seats_left,
    place: {
      kind: batch.place,
      name: batch.place === 'online' ? 'Online' : (batch.place_name ?? ''),
      pincode: batch.place === 'online' ? null : batch.place_pincode,
    },
    plans: plans.map(toClassPackPlan),
  };
}

const badgeOrder = (kind: BadgeKind) => badgeKinds.indexOf(kind);

/** The teacher's badges in the marketplace's own order, each with what it means. */
function badgesInOrder(badges: readonly BadgeRow[]): Badge[] {
  return [...badges]
    .sort((a, b) => badgeOrder(a.badge) - badgeOrder(b.badge))
    .map((badge): Badge => ({
      kind: badge.badge,
      label: badgeCopy[badge.badge].label,
      meaning: badgeCopy[badge.badge].meaning,
      grantedAt: new Date(badge.granted_at).toISOString(),
      reason: badge.reason,
    }));
}

/** The teacher page: the teacher, their badges, and every active listing with programs, batches and plans. */
export function createTeacherPageService(repository: TeacherPageRepository) {
  /** The teacher and their active listings, the primary one first; 404 for a teacher the marketplace does not show. */
  async function listedTeacher(slug: string, origin: LearnerPoint | null) {
    const teacher = await repository.findTeacherBySlug(slug);
    const notFound = () => new DomainError('TEACHER_NOT_FOUND', `No listed teacher with slug "${slug}"`, 404);
    if (!teacher) throw notFound();
    const listings = await repository.findTeacherListings(teacher.id, teacher.main_category_id, origin);
    const primary = listings[0];
    // A teacher with no active listing is not in the marketplace, so has no page (and no card).
    if (!primary) throw notFound();
    return { teacher, listings, primary };
  }

  return {
    async teacherPage(slug: string, origin: LearnerPoint | null): Promise<TeacherPage> {
      const { teacher, listings, primary } = await listedTeacher(slug, origin);

      const [badges, reviews, programs] = await Promise.all([
        repository.findBadges(teacher.id),
        repository.findReviews(teacher.id, TEACHER_PAGE_REVIEWS),
        repository.findPrograms(listings.map((listing) => listing.id)),
      ]);
      const batches = await repository.findBatches(programs.map((program) => program.id));
      const plans = await repository.findPlans(batches.map((batch) => batch.id));

      const plansByBatch = groupBy(plans, (plan) => plan.batch_id);
      const batchesByProgram = groupBy(batches, (batch) => batch.program_id);
      const programsByListing = groupBy(programs, (program) => program.listing_id);

      return {
        teacher: {
          id: teacher.id,
          slug: teacher.slug,
          name: teacher.name,
          photoUrl: teacher.photo_url,
          photo: teacherPhotoOf(teacher.photo_files),
          previewImagePath: teacherPreviewImagePath(teacher.slug, teacherPreviewCardVersion(previewCardOf(teacher, primary))),
          bio: teacher.bio,
          experienceYears: teacher.experience_years,
          languages: teacher.languages,
          qualifications: teacher.qualifications,
          rating: ratingOf(teacher),
          badges: badgesInOrder(badges),
          memberSince: teacher.member_since,
        },
        listings: listings.map((listing) => ({
          id: listing.id,
          title: listing.title,
          about: listing.about,
          mode: listing.mode,
          category: { id: listing.category_id, slug: listing.category_slug, name: listing.category_name },
          locality: { slug: listing.locality_slug, name: listing.locality_name },
          apartment: listing.apartment_slug && listing.apartment_name ? { slug: listing.apartment_slug, name: listing.apartment_name } : null,
          location: shownLocation(listing),
          priceFromPaise: listing.price_from_paise,
          ageRange: { min: listing.age_min, max: listing.age_max },
          programs: (programsByListing.get(listing.id) ?? []).map((program) => ({
            id: program.id,
            name: program.name,
            level: program.level,
            description: program.description,
            batches: (batchesByProgram.get(program.id) ?? []).map((batch) => toBatch(batch, plansByBatch.get(batch.id) ?? [])),
          })),
          ...(listing.distance_m === null || listing.mode === 'online' ? {} : { distanceMetres: Math.round(Number(listing.distance_m)) }),
          pointPrecision: listing.point_precision,
          path: teacherPath(listing.category_slug, teacher.slug),
        })),
        reviews: reviews.map((review) => ({
          id: review.id,
          authorName: review.author_name,
          rating: review.rating,
          comment: review.comment,
          createdAt: new Date(review.created_at).toISOString(),
          categoryName: review.category_name,
          reply: review.reply !== null && review.replied_at !== null ? { text: review.reply, repliedAt: new Date(review.replied_at).toISOString() } : null,
        })),
        canonicalPath: teacherPath(primary.category_slug, teacher.slug),
      };
    },

    /** What the teacher's link-preview card draws, and its version; only what the teacher page shows. */
    async teacherPreviewCard(slug: string): Promise<{ card: TeacherPreviewCard; version: string }> {
      const { teacher, primary } = await listedTeacher(slug, null);
      const card = previewCardOf(teacher, primary);
      return { card, version: teacherPreviewCardVersion(card) };
    },
  };
}

const ratingOf = (teacher: TeacherRow) => ({ average: Number(teacher.rating_avg), count: teacher.rating_count });

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export type TeacherPageService = ReturnType<typeof createTeacherPageService>;
