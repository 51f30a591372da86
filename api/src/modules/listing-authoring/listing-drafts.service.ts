import type {
  AuthoredListing,
  AuthoringResult,
  CreateListingBody,
  JoinedWith,
  TeacherListings,
  UpdateListingBody,
} from '@kalike/shared/contracts/listing-authoring';
import { toPlace } from '../geo/geo.port';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ListingAuthoringQueries } from './listing-authoring.repository';
import { categoryNotFound, invalid, listingNotFound, localityNotFound } from './listing-authoring-errors';
import { authoringTeachers, type ListingPartDeps } from './listing-edits';
import type { OwnListingRow } from './listing-drafts.repository';
import { listingView } from './listing-view';

function joinedWithOf(joined: Awaited<ReturnType<ListingAuthoringQueries['findJoinedWith']>>): JoinedWith {
  const { locality_id: id, slug, name, pincode, lat, lng } = joined ?? {};
  const locality =
    id && slug && name && pincode && lat != null && lng != null ? toPlace({ kind: 'locality', id, slug, name, pincode, lat, lng, locality_name: null }) : null;
  return { categoryId: joined?.main_category_id ?? null, locality };
}

type ListingValues = { category_id?: string; title?: string; about?: string; base_locality_id?: string };

function checkedTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed.length < 5) throw invalid('Give the listing a title of at least 5 letters.');
  return trimmed;
}

/** The subject of a listing changes only while it is a draft never sent, and never to one the teacher teaches already. */
async function checkCategoryChange(tx: ListingAuthoringQueries, listing: OwnListingRow, teacherId: string, categoryId: string): Promise<void> {
  if (listing.submitted_at !== null || listing.review_state !== 'draft') {
    throw new DomainError(
      'LISTING_NOT_DRAFT',
      'The subject of a listing that has been sent for review cannot change. Start a new listing for another subject.',
      409,
    );
  }
  if (!(await tx.findCategory(categoryId))) throw categoryNotFound();
  if (await tx.hasListingInCategory(teacherId, categoryId, listing.id)) {
    throw new DomainError('LISTING_EXISTS', 'You already have a listing for that subject.', 409);
  }
}

/** A teacher's listings as wholes: listed, read, started as drafts, edited, and deleted while never sent. */
export function createListingDrafts({ repository, now, edits }: ListingPartDeps) {
  /** Where the listing is based: at once on a draft, held for review on a live listing. */
  async function moveBase(tx: ListingAuthoringQueries, listing: OwnListingRow, localityId: string, values: ListingValues): Promise<boolean> {
    const locality = await tx.findLocality(localityId);
    if (!locality) throw localityNotFound();
    if (listing.review_state !== 'live') {
      values.base_locality_id = locality.id;
      return false;
    }
    // Where a live listing is found is reviewed: learners keep the approved place meanwhile.
    const back = locality.id === listing.base_locality_id;
    const proposed = back ? null : { kind: 'listing_place' as const, localityId: locality.id, lat: locality.lat, lng: locality.lng };
    await tx.holdChange(listing.id, 'listing_place', null, proposed, now());
    return !back;
  }

  return {
    async list(user: AuthUser): Promise<TeacherListings> {
      const teacherId = authoringTeachers.idOf(user);
      const [rows, joined] = await Promise.all([repository.findListings(teacherId), repository.findJoinedWith(teacherId)]);
      return {
        joinedWith: joinedWithOf(joined),
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          categoryName: row.category_name,
          reviewState: row.review_state,
          reviewNote: row.review_note,
          counts: { programs: row.programs, batches: row.batches, classPacks: row.class_packs },
          heldChanges: row.held_changes,
          updatedAt: new Date(row.updated_at).toISOString(),
        })),
      };
    },

    async read(user: AuthUser, listingId: string): Promise<AuthoredListing> {
      return listingView(repository, authoringTeachers.idOf(user), listingId, now());
    },

    /** A new draft: learners see nothing of it until an admin approves it. One listing per subject. */
    async create(user: AuthUser, body: CreateListingBody): Promise<AuthoringResult> {
      const teacherId = authoringTeachers.idOf(user);
      const title = checkedTitle(body.title);
      const listing = await repository.transaction(async (tx) => {
        const category = await tx.findCategory(body.categoryId);
        if (!category) throw categoryNotFound();
        const locality = await tx.findLocality(body.localityId);
        if (!locality) throw localityNotFound();
        if (await tx.hasListingInCategory(teacherId, category.id)) {
          throw new DomainError('LISTING_EXISTS', `You already have a listing for ${category.name}. Add a program to it instead.`, 409);
        }
        const id = await tx.insertListing({ teacherId, categoryId: category.id, title, about: (body.about ?? '').trim(), locality });
        await tx.refreshSummary(id);
        return listingView(tx, teacherId, id, now());
      });
      return { listing, held: false, warnings: [] };
    },

    async update(user: AuthUser, listingId: string, body: UpdateListingBody): Promise<AuthoringResult> {
      return edits.change(user, listingId, async (tx, listing, teacherId) => {
        const values: ListingValues = {};
        if (body.title !== undefined) values.title = checkedTitle(body.title);
        if (body.about !== undefined) values.about = body.about.trim();
        if (body.categoryId !== undefined && body.categoryId !== listing.category_id) {
          await checkCategoryChange(tx, listing, teacherId, body.categoryId);
          values.category_id = body.categoryId;
        }
        const held = body.localityId !== undefined ? await moveBase(tx, listing, body.localityId, values) : false;
        await tx.updateListing(listingId, values, now());
        return { held };
      });
    },

    /** Only a draft never sent for review can be deleted; anything an admin has seen stays. */
    async remove(user: AuthUser, listingId: string): Promise<void> {
      const teacherId = authoringTeachers.idOf(user);
      await repository.transaction(async (tx) => {
        const listing = await tx.findOwnListing(teacherId, listingId, true);
        if (!listing) throw listingNotFound();
        if (listing.review_state !== 'draft' || listing.submitted_at !== null) {
          throw new DomainError('LISTING_NOT_DRAFT', 'Only a draft that was never sent for review can be deleted.', 409);
        }
        await tx.deleteListing(listingId);
      });
    },
  };
}
