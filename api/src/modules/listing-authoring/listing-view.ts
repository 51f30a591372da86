import type { AuthoredBatch, AuthoredListing, AuthoredPlace } from '@kalike/shared/contracts/listing-authoring';
import type { ListingChange, ListingChangeView } from '@kalike/shared/contracts/listing-review';
import { istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import type { ListingAuthoringQueries } from './listing-authoring.repository';
import { listingNotFound } from './listing-authoring-errors';
import type { BatchRow } from './listing-batches.repository';
import type { OwnListingRow } from './listing-drafts.repository';
import type { PendingChangeRow } from './listing-held-changes.repository';
import type { PlanRow } from './listing-plans.repository';
import { batchWhen, placeLabel, placeOfRow } from './listing-places';

type PendingOf = (kind: ListingChange['kind'], targetId: string | null) => ListingChange | undefined;

function missingOf(listing: OwnListingRow, programs: number, batches: number, plans: number): string[] {
  const missing: string[] = [];
  if (listing.about.trim().length === 0) missing.push('Write a few words about the listing.');
  if (programs === 0) missing.push('Add a program.');
  if (batches === 0) missing.push('Add a batch with its days, times and place.');
  if (plans === 0) missing.push('Add a class pack to a batch.');
  return missing;
}

function planViews(plans: PlanRow[], batchId: string, pendingOf: PendingOf): AuthoredBatch['plans'] {
  return plans
    .filter((plan) => plan.batch_id === batchId)
    .map((plan) => {
      const heldPrice = pendingOf('plan_price', plan.id);
      return {
        id: plan.id,
        name: plan.name,
        classesCount: plan.classes_count,
        validityDays: plan.validity_days,
        pricePaise: plan.price_paise,
        pricePerClassPaise: Math.round(plan.price_paise / plan.classes_count),
        heldPricePaise: heldPrice?.kind === 'plan_price' ? heldPrice.pricePaise : null,
        activePacks: plan.active_packs,
      };
    });
}

async function batchViews(tx: ListingAuthoringQueries, batches: BatchRow[], plans: PlanRow[], pendingOf: PendingOf): Promise<AuthoredBatch[]> {
  const views: AuthoredBatch[] = [];
  for (const batch of batches) {
    const place = placeOfRow(batch);
    const held = pendingOf('batch_place', batch.id);
    const heldPlace: AuthoredPlace | null = held?.kind === 'batch_place' ? { place: held.place, label: await placeLabel(tx, held.place) } : null;
    views.push({
      id: batch.id,
      programId: batch.program_id,
      name: batch.name,
      daysOfWeek: batch.days_of_week,
      startTime: batch.start_time,
      endTime: batch.end_time,
      startsOn: batch.starts_on,
      endsOn: batch.ends_on,
      seats: batch.capacity,
      seatsTaken: batch.seats_taken,
      students: batch.students,
      place: { place, label: await placeLabel(tx, place) },
      heldPlace,
      plans: planViews(plans, batch.id, pendingOf),
    });
  }
  return views;
}

/** A held change in words, as the teacher and the admin read it. */
async function changeView(
  tx: ListingAuthoringQueries,
  change: PendingChangeRow,
  listing: OwnListingRow,
  batches: BatchRow[],
  plans: PlanRow[],
): Promise<ListingChangeView> {
  const base = { id: change.id, kind: change.kind, createdAt: new Date(change.created_at).toISOString() };
  const proposed = change.proposed;
  if (proposed.kind === 'plan_price') {
    const plan = plans.find((candidate) => candidate.id === proposed.targetId);
    const batch = batches.find((candidate) => candidate.id === plan?.batch_id);
    return {
      ...base,
      what: `Price of '${plan?.name ?? 'a class pack'}'${batch ? ` (${batchWhen(batch)})` : ''}`,
      before: plan ? formatPaise(plan.price_paise) : '',
      after: formatPaise(proposed.pricePaise),
    };
  }
  if (proposed.kind === 'batch_place') {
    const batch = batches.find((candidate) => candidate.id === proposed.targetId);
    return {
      ...base,
      what: `Place of '${batch?.name ?? 'a batch'}'`,
      before: batch ? await placeLabel(tx, placeOfRow(batch)) : '',
      after: await placeLabel(tx, proposed.place),
    };
  }
  const locality = await tx.findLocality(proposed.localityId);
  return { ...base, what: 'Where you are based', before: listing.base_locality_name, after: locality?.name ?? '' };
}

/** The whole listing as its teacher edits it: parts, held changes, and what is missing before review. */
export async function listingView(tx: ListingAuthoringQueries, teacherId: string, listingId: string, at: Date): Promise<AuthoredListing> {
  const listing = await tx.findOwnListing(teacherId, listingId);
  if (!listing) throw listingNotFound();
  const [programs, batches, plans, pending] = await Promise.all([
    tx.findPrograms(listingId),
    tx.findBatches(listingId),
    tx.findPlans(listingId, istDateKey(at)),
    tx.findPendingChanges(listingId),
  ]);
  const pendingOf: PendingOf = (kind, targetId) => pending.find((change) => change.kind === kind && change.target_id === targetId)?.proposed;
  const authoredBatches = await batchViews(tx, batches, plans, pendingOf);
  const heldListingPlace = pendingOf('listing_place', null);
  const heldLocality = heldListingPlace?.kind === 'listing_place' ? await tx.findLocality(heldListingPlace.localityId) : undefined;
  const heldChanges = await Promise.all(pending.map((change) => changeView(tx, change, listing, batches, plans)));
  return {
    id: listing.id,
    title: listing.title,
    about: listing.about,
    category: { id: listing.category_id, name: listing.category_name },
    locality: { id: listing.base_locality_id, name: listing.base_locality_name },
    heldLocality: heldLocality ? { id: heldLocality.id, name: heldLocality.name } : null,
    reviewState: listing.review_state,
    reviewNote: listing.review_note,
    submittedAt: listing.submitted_at ? new Date(listing.submitted_at).toISOString() : null,
    neverSubmitted: listing.submitted_at === null && listing.review_state === 'draft',
    programs: programs.map((program) => ({
      id: program.id,
      name: program.name,
      level: program.level,
      description: program.description,
      ageMin: program.age_min,
      ageMax: program.age_max,
      mode: program.mode,
    })),
    batches: authoredBatches,
    heldChanges,
    missing: missingOf(listing, programs.length, batches.length, plans.length),
  };
}
