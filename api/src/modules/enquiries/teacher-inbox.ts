import type { TeacherInbox, TeacherInboxItem, TeacherInboxSection } from '@kalike/shared/contracts/enquiries';
import { teacherInboxSection, teacherInboxSections } from '@kalike/shared/domain/enquiry-lifecycle';
import type { EnquiryViewRow } from './enquiry-views.repository';

/** Closed enquiries kept in the inbox, latest first: the rest are history. */
export const INBOX_CLOSED_LIMIT = 50;

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The name the teacher greets: the first word of the contact name the learner gave. */
export function firstName(contactName: string): string {
  return contactName.trim().split(/\s+/)[0] ?? '';
}

export function toInboxItem(view: EnquiryViewRow): TeacherInboxItem {
  const classPackPaid = view.state === 'enrolled' && Boolean(view.class_pack_paid);
  return {
    id: view.id,
    state: view.state,
    section: teacherInboxSection(view.state, classPackPaid),
    isNew: view.state === 'sent',
    needsActionBy: view.respond_by ? iso(view.respond_by) : null,
    createdAt: iso(view.created_at),
    updatedAt: iso(view.updated_at),
    learnerFirstName: firstName(view.contact_name),
    student: view.student_name !== null ? { name: view.student_name } : null,
    listing: { id: view.listing_id, title: view.listing_title, categoryName: view.category_name },
    program: view.program_name !== null ? { name: view.program_name } : null,
    mode: view.mode,
    classPackPaid,
  };
}

const rank = (section: TeacherInboxSection) => teacherInboxSections.indexOf(section);
const time = (value: string | null) => (value === null ? Number.POSITIVE_INFINITY : Date.parse(value));

/**
 * What needs action first: the teacher's turn, soonest deadline first (an answered enquiry has
 * none and comes after), then the longest waiting; then the family's turn and the closed ones,
 * each latest change first. Ties fall back to the id so the order never flickers between polls.
 */
export function compareInboxItems(a: TeacherInboxItem, b: TeacherInboxItem): number {
  const bySection = rank(a.section) - rank(b.section);
  if (bySection !== 0) return bySection;
  if (a.section === 'needs_reply') {
    const byDeadline = time(a.needsActionBy) - time(b.needsActionBy);
    if (byDeadline !== 0 && !Number.isNaN(byDeadline)) return byDeadline;
    const byAge = Date.parse(a.createdAt) - Date.parse(b.createdAt);
    if (byAge !== 0) return byAge;
  } else {
    const byChange = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
    if (byChange !== 0) return byChange;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The inbox from the teacher's enquiries: sorted, the closed ones cut to the latest, counted per section. */
export function buildInbox(views: readonly EnquiryViewRow[]): TeacherInbox {
  const sorted = views.map(toInboxItem).sort(compareInboxItems);
  const closed = sorted.filter((item) => item.section === 'closed').slice(0, INBOX_CLOSED_LIMIT);
  const enquiries = [...sorted.filter((item) => item.section !== 'closed'), ...closed];
  const count = (section: TeacherInboxSection) => enquiries.filter((item) => item.section === section).length;
  const deadlines = enquiries.flatMap((item) => (item.needsActionBy ? [item.needsActionBy] : [])).sort();
  return {
    enquiries,
    counts: { needsReply: count('needs_reply'), waitingOnLearner: count('waiting_on_learner'), closed: count('closed') },
    soonestDeadline: deadlines[0] ?? null,
  };
}
