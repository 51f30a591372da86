import {
  enquiryActions,
  enquiryEventHeadline,
  enquiryEventHeadlines,
  enquiryNextStep,
  enquiryStates,
  enquiryLifecycle,
  enquiryStatusLabel,
  isActiveEnquiry,
  isOpenEnquiry,
  terminalEnquiryStates,
} from './enquiry-lifecycle';

describe('the enquiry lifecycle', () => {
  it('lets nothing leave an ended enquiry', () => {
    for (const state of terminalEnquiryStates) {
      for (const actor of ['learner', 'teacher', 'system'] as const) expect(enquiryLifecycle.allowed(state, actor)).toEqual([]);
      expect(isOpenEnquiry(state)).toBe(false);
    }
  });

  it('reaches every state from sent, and only through transitions the table names', () => {
    const reached = new Set(['sent']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const transition of Object.values(enquiryLifecycle.transitions)) {
        if (transition.from.some((state) => reached.has(state)) && !reached.has(transition.to)) {
          reached.add(transition.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...enquiryStates].sort());
  });

  it('gives each action to exactly one kind of actor', () => {
    expect(enquiryLifecycle.can('respond', 'seen', 'teacher')).toBe(true);
    expect(enquiryLifecycle.can('respond', 'seen', 'learner')).toBe(false);
    expect(enquiryLifecycle.can('enrol', 'batch_offered', 'learner')).toBe(true);
    expect(enquiryLifecycle.can('enrol', 'batch_offered', 'teacher')).toBe(false);
    expect(enquiryLifecycle.can('enrol', 'demo_offered', 'learner')).toBe(false);
    expect(enquiryLifecycle.can('expire', 'responded', 'system')).toBe(false);
    for (const action of enquiryActions) {
      const actors = (['learner', 'teacher', 'system'] as const).filter((actor) => enquiryStates.some((state) => enquiryLifecycle.can(action, state, actor)));
      expect(actors).toHaveLength(1);
    }
  });

  it('offers the allowed actions in the order the API lists actions', () => {
    expect(enquiryLifecycle.allowed('seen', 'teacher')).toEqual(['respond', 'propose_demo', 'offer_batch', 'decline']);
    for (const state of enquiryStates) {
      const allowed = enquiryLifecycle.allowed(state);
      expect(allowed).toEqual(enquiryActions.filter((action) => allowed.includes(action)));
    }
  });

  it('says who acts next in every state', () => {
    expect(enquiryNextStep('demo_offered').waitingOn).toBe('learner');
    expect(enquiryNextStep('sent').waitingOn).toBe('teacher');
    for (const state of enquiryStates) {
      for (const paid of [false, true]) expect(enquiryNextStep(state, paid).waitingOn === 'nobody').toBe(!isActiveEnquiry(state, paid));
    }
  });

  it('asks for a class pack only while the enrolment is unpaid, and files the enrolment as past once paid', () => {
    expect(enquiryNextStep('enrolled')).toEqual({ waitingOn: 'learner', learnerSummary: expect.stringContaining('Choose a class pack to pay') });
    expect(enquiryNextStep('enrolled', true).learnerSummary).not.toMatch(/pay for|choose a class pack/i);
    expect(isActiveEnquiry('enrolled')).toBe(true);
    expect(isActiveEnquiry('enrolled', true)).toBe(false);
    expect(enquiryStatusLabel('enrolled', true)).toBe('Enrolled · paid');
    for (const state of ['declined', 'closed', 'expired'] as const) expect(isActiveEnquiry(state)).toBe(false);
  });

  it('headlines each move with what happened: only a reply says "replied"', () => {
    for (const [action, template] of Object.entries(enquiryEventHeadlines)) {
      expect(template.includes('replied')).toBe(action === 'respond');
    }
    expect(enquiryEventHeadline('mark_seen', 'Meera Iyer')).toBe('Meera Iyer read your enquiry');
    expect(enquiryEventHeadline('decline', 'Meera Iyer')).toBe('Meera Iyer cannot take your enquiry');
    expect(enquiryEventHeadline('expire', 'Meera Iyer')).toBe('Meera Iyer did not reply in time');
  });
});
