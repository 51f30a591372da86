import type { Enquiry, EnquiryOffer } from '@kalike/shared/contracts/enquiries';
import { enquiryLifecycle, type EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import { ageOn } from '@kalike/shared/domain/student-age';
import { istDateKey } from '@kalike/shared/format/dates';
import { toEnquiryBatch } from '../../shared/enquiry-batches';
import { teacherPath } from '../../shared/teacher-page';
import type { EnquiriesRepository } from './enquiries.repository';
import { enquiryNotFound } from './enquiry-errors';
import type { Party } from './enquiry-parties';
import type { EnquiryEventRow, EnquiryViewRow, OfferSessionRow } from './enquiry-views.repository';

/** States whose offer still matters to either party; in the others it is history. */
const offerStates: readonly EnquiryState[] = ['demo_offered', 'demo_booked', 'batch_offered', 'enrolled'];

const iso = (value: Date | string): string => new Date(value).toISOString();

/** Enquiries as DTOs for one party: names, allowed actions, the offer and the history. */
export function createEnquiryViews(
  repository: Pick<EnquiriesRepository, 'findEvents' | 'findOfferBatches' | 'findOfferPlans' | 'findOfferSessions' | 'findViews'>,
  now: () => Date,
) {
  async function toDtos(views: readonly EnquiryViewRow[], party: Party): Promise<Enquiry[]> {
    const ids = views.map((view) => view.id);
    const withOffer = views.filter((view) => view.offer_kind && view.offer_batch_id && offerStates.includes(view.state));
    const batchIds = [...new Set(withOffer.map((view) => view.offer_batch_id as string))];
    const sessionIds = withOffer.flatMap((view) => (view.offer_kind === 'demo' && view.offer_session_id ? [view.offer_session_id] : []));
    const [events, batches, plans, sessions] = await Promise.all([
      repository.findEvents(ids),
      repository.findOfferBatches(batchIds),
      repository.findOfferPlans(batchIds),
      repository.findOfferSessions(sessionIds),
    ]);
    const eventsByEnquiry = new Map<string, EnquiryEventRow[]>();
    for (const event of events) eventsByEnquiry.set(event.enquiry_id, [...(eventsByEnquiry.get(event.enquiry_id) ?? []), event]);
    const batchById = new Map(batches.map((batch) => [batch.id, toEnquiryBatch(batch, plans)]));
    const sessionById = new Map<string, OfferSessionRow>(sessions.map((session) => [session.id, session]));

    const offerOf = (view: EnquiryViewRow): EnquiryOffer | null => {
      if (!withOffer.includes(view)) return null;
      const batch = batchById.get(view.offer_batch_id ?? '');
      if (!batch) return null;
      if (view.offer_kind === 'batch') return { kind: 'batch', batch };
      const session = sessionById.get(view.offer_session_id ?? '');
      return session ? { kind: 'demo', session: { id: session.id, startsAt: iso(session.starts_at), endsAt: iso(session.ends_at) }, batch } : null;
    };

    // The age today, so the teacher knows it even when the family skipped the age question.
    const today = istDateKey(now());
    const ageOf = (dateOfBirth: string | null) => (dateOfBirth ? ageOn(dateOfBirth, today) : null);

    return views.map((view) => ({
      id: view.id,
      requestId: view.request_id,
      state: view.state,
      allowedActions: enquiryLifecycle.allowed(view.state, party),
      createdAt: iso(view.created_at),
      updatedAt: iso(view.updated_at),
      respondBy: view.respond_by ? iso(view.respond_by) : null,
      teacher: { id: view.teacher_id, name: view.teacher_name, slug: view.teacher_slug, photoUrl: view.teacher_photo_url },
      listing: {
        id: view.listing_id,
        title: view.listing_title,
        path: teacherPath(view.category_slug, view.teacher_slug),
        category: { id: view.category_id, slug: view.category_slug, name: view.category_name },
      },
      program: view.program_id && view.program_name !== null ? { id: view.program_id, name: view.program_name } : null,
      student:
        view.student_id && view.student_name !== null ? { id: view.student_id, name: view.student_name, ageYears: ageOf(view.student_date_of_birth) } : null,
      details: { studentAgeYears: view.student_age_years, level: view.level, goals: view.goals },
      preferredDays: view.preferred_days.map(Number),
      preferredTimes: view.preferred_times,
      mode: view.mode,
      message: view.message,
      contact: { name: view.contact_name, phone: view.contact_phone, alternatePhone: view.alternate_phone },
      refPage: view.ref_page,
      refSection: view.ref_section,
      teacherMessage: view.teacher_message,
      offer: offerOf(view),
      batchStudentId: view.batch_student_id,
      classPackPaid: view.state === 'enrolled' && Boolean(view.class_pack_paid),
      history: (eventsByEnquiry.get(view.id) ?? []).map((event) => ({
        action: event.action,
        state: event.to_state,
        by: event.actor,
        at: iso(event.created_at),
        message: event.message,
      })),
    }));
  }

  async function loadMany(ids: readonly string[], party: Party): Promise<Map<string, Enquiry>> {
    const dtos = await toDtos(await repository.findViews(ids), party);
    return new Map(dtos.map((dto) => [dto.id, dto]));
  }

  async function loadOne(id: string, party: Party): Promise<Enquiry> {
    const dto = (await loadMany([id], party)).get(id);
    if (!dto) throw enquiryNotFound();
    return dto;
  }

  return { toDtos, loadMany, loadOne };
}

export type EnquiryViews = ReturnType<typeof createEnquiryViews>;
