import type { TeacherInboxItem } from '@kalike/shared/contracts/enquiries';
import { enquiryStates, teacherInboxSection } from '@kalike/shared/domain/enquiry-lifecycle';
import { compareInboxItems, firstName } from './teacher-inbox';

const item = (id: string, overrides: Partial<TeacherInboxItem>): TeacherInboxItem => ({
  id,
  state: 'sent',
  section: 'needs_reply',
  isNew: true,
  needsActionBy: null,
  createdAt: '2025-06-01T00:00:00.000Z',
  updatedAt: '2025-06-01T00:00:00.000Z',
  learnerFirstName: 'Asha',
  student: null,
  listing: { id: '00000000-0000-4000-8000-000000000001', title: 'Carnatic vocal', categoryName: 'Music' },
  program: null,
  mode: 'any',
  classPackPaid: false,
  ...overrides,
});

describe('the teacher inbox order', () => {
  test('needs reply by soonest deadline, then answered ones oldest first, then waiting on the family and closed, latest change first', () => {
    const items = [
      item('closed-old', { section: 'closed', state: 'declined', updatedAt: '2025-05-01T00:00:00.000Z' }),
      item('waiting-old', { section: 'waiting_on_learner', state: 'batch_offered', updatedAt: '2025-05-20T00:00:00.000Z' }),
      item('answered-new', { state: 'responded', createdAt: '2025-05-31T00:00:00.000Z' }),
      item('due-later', { needsActionBy: '2025-06-03T00:00:00.000Z' }),
      item('closed-new', { section: 'closed', state: 'expired', updatedAt: '2025-05-30T00:00:00.000Z' }),
      item('answered-old', { state: 'demo_booked', createdAt: '2025-05-25T00:00:00.000Z' }),
      item('due-soon', { needsActionBy: '2025-06-02T00:00:00.000Z' }),
      item('waiting-new', { section: 'waiting_on_learner', state: 'demo_offered', updatedAt: '2025-05-29T00:00:00.000Z' }),
    ];
    expect([...items].sort(compareInboxItems).map((entry) => entry.id)).toEqual([
      'due-soon',
      'due-later',
      'answered-old',
      'answered-new',
      'waiting-new',
      'waiting-old',
      'closed-new',
      'closed-old',
    ]);
  });

  test('equal items keep one order by id, so polling never reshuffles them', () => {
    const [a, b] = [item('b', {}), item('a', {})];
    expect([a, b].sort(compareInboxItems).map((entry) => entry.id)).toEqual(['a', 'b']);
  });

  test("each state's section is whose turn the lifecycle says it is", () => {
    const sections = Object.fromEntries(enquiryStates.map((state) => [state, teacherInboxSection(state)]));
    expect(sections).toEqual({
      sent: 'needs_reply',
      seen: 'needs_reply',
      responded: 'needs_reply',
      demo_offered: 'waiting_on_learner',
      demo_booked: 'needs_reply',
      batch_offered: 'waiting_on_learner',
      enrolled: 'waiting_on_learner',
      declined: 'closed',
      closed: 'closed',
      expired: 'closed',
    });
    expect(teacherInboxSection('enrolled', true)).toBe('closed');
  });

  test('the first name is the first word of the contact name', () => {
    expect(firstName('  Neha  Kulkarni ')).toBe('Neha');
    expect(firstName('Ravi')).toBe('Ravi');
  });
});
