import type { Enquiry, EnquiryBatch, TeacherInbox, TeacherInboxItem } from '@kalike/shared/contracts/enquiries';
import type { LearnerAccountDto, StudentDto } from '@kalike/shared/contracts/accounts';
import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';

import { sampleEnquiryBatch } from '@kalike/shared/testing/enquiry-batch-fixture';
import { learnerId } from '@kalike/shared/testing/signed-in';

/** A deterministic UUID from a small number, so fixtures read clearly in failures. */
export const uuid = (n: number) => `6f1c2b8e-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const teacherNames = ['Kiran Rao', 'Meera Iyer', 'Arjun Shetty', 'Lakshmi Nair', 'Farhan Ali'];

export function student(n: number, name: string, overrides: Partial<StudentDto> = {}): StudentDto {
  return { id: uuid(300 + n), name, dateOfBirth: null, grade: null, school: null, ...overrides };
}

export function account(students: StudentDto[] = [], overrides: Partial<LearnerAccountDto> = {}): LearnerAccountDto {
  return {
    id: learnerId,
    name: { name: 'Asha Rao' },
    email: null,
    phone: { phone: '+919876500001' },
    isCustomer: false,
    students: Object.fromEntries(students.map((entry) => [entry.id, entry])),
    locations: [],
    ...overrides,
  };
}

export function batch(overrides: Partial<EnquiryBatch> = {}): EnquiryBatch {
  return sampleEnquiryBatch({
    id: uuid(700),
    plans: [
      { id: uuid(801), name: '8 classes', classesCount: 8, pricePaise: 320_000, pricePerClassPaise: 40_000, validityDays: 45 },
      { id: uuid(802), name: '24 classes', classesCount: 24, pricePaise: 864_050, pricePerClassPaise: 36_002, validityDays: 120 },
    ],
    ...overrides,
  });
}

/** Enquiry n, to teacher n, in the given state; other fields as a learner's fresh enquiry. */
export function enquiry(n: number, overrides: Partial<Enquiry> = {}): Enquiry {
  const teacher = teacherNames[(n - 1) % teacherNames.length]!;
  const slug = `${teacher.toLowerCase().replace(/\s+/g, '-')}-${n}`;
  return {
    id: uuid(n),
    requestId: uuid(900),
    state: 'sent',
    allowedActions: ['close'],
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.000Z',
    respondBy: '2026-11-22T04:30:00.000Z',
    teacher: { id: uuid(100 + n), name: teacher, slug, photoUrl: null },
    listing: {
      id: uuid(200 + n),
      title: `Chess coaching with ${teacher.split(' ')[0]}`,
      path: `/discover/bengaluru/chess/teachers/${slug}`,
      category: { id: uuid(500), slug: 'chess', name: 'Chess' },
    },
    program: null,
    student: null,
    details: { studentAgeYears: null, level: null, goals: null },
    preferredDays: [6, 7],
    preferredTimes: ['morning'],
    mode: 'any',
    message: '',
    contact: { name: 'Asha Rao', phone: '+919876500001', alternatePhone: null },
    refPage: '/shortlist',
    refSection: 'Shortlist Tab',
    teacherMessage: null,
    offer: null,
    batchStudentId: null,
    classPackPaid: false,
    history: [{ action: 'create', state: 'sent', by: 'learner', at: '2026-11-20T04:30:00.000Z', message: null }],
    ...overrides,
  };
}

export function teacherPage(): TeacherPage {
  const listing = (slug: 'chess' | 'yoga', n: number) => ({
    id: uuid(200 + n),
    title: slug === 'chess' ? 'Chess coaching in Jayanagar' : 'Morning yoga in Jayanagar',
    about: '',
    mode: 'at_centre' as const,
    category: { id: uuid(500 + n), slug, name: slug === 'chess' ? 'Chess' : 'Yoga' },
    locality: { slug: 'jayanagar', name: 'Jayanagar' },
    apartment: null,
    location: { lat: 12.93, lng: 77.58 },
    priceFromPaise: 320000,
    pointPrecision: 'exact' as const,
    ageRange: { min: 6, max: 16 },
    programs:
      slug === 'chess'
        ? [
            { id: uuid(601), name: 'Chess for beginners', level: 'beginner' as const, description: 'Openings', batches: [] },
            { id: uuid(602), name: 'Tournament prep', level: 'advanced' as const, description: 'Endgames', batches: [] },
          ]
        : [],
    path: `/discover/bengaluru/${slug}/teachers/kiran-rao-1`,
  });
  return {
    teacher: {
      id: uuid(101),
      slug: 'kiran-rao-1',
      name: 'Kiran Rao',
      photoUrl: null,
      photo: null,
      previewImagePath: '/v1/marketplace/teacherListings/slug/kiran-rao-1/preview.png?v=fedcba9876543210',
      bio: 'Coach.',
      experienceYears: 9,
      languages: ['English'],
      qualifications: [],
      rating: { average: 4.7, count: 52 },
      badges: [],
      memberSince: '2024-01-10',
    },
    listings: [listing('yoga', 2), listing('chess', 1)],
    reviews: [],
    canonicalPath: '/discover/bengaluru/yoga/teachers/kiran-rao-1',
  };
}

/** An inbox entry n as the API sends it to the teacher; a new enquiry due 48 hours after it came. */
export function inboxItem(n: number, overrides: Partial<TeacherInboxItem> = {}): TeacherInboxItem {
  return {
    id: uuid(n),
    state: 'sent',
    section: 'needs_reply',
    isNew: true,
    needsActionBy: '2026-11-22T04:30:00.000Z',
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.000Z',
    learnerFirstName: 'Asha',
    student: null,
    listing: { id: uuid(200 + n), title: 'Chess coaching with Kiran', categoryName: 'Chess' },
    program: null,
    mode: 'any',
    classPackPaid: false,
    ...overrides,
  };
}

export function inbox(items: TeacherInboxItem[]): TeacherInbox {
  const count = (section: TeacherInboxItem['section']) => items.filter((item) => item.section === section).length;
  const deadlines = items.flatMap((item) => (item.needsActionBy ? [item.needsActionBy] : [])).sort();
  return {
    enquiries: items,
    counts: { needsReply: count('needs_reply'), waitingOnLearner: count('waiting_on_learner'), closed: count('closed') },
    soonestDeadline: deadlines[0] ?? null,
  };
}
