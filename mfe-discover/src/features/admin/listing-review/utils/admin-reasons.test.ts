import { badgeReasonProblem, sendBackProblem, sendBackRule } from './admin-reasons';

describe('the reasons admins write', () => {
  it('checks a send-back reason as the API does: trimmed, 10 to 500 characters', () => {
    expect(sendBackRule).toBe('Say what to change, in 10 to 500 characters. The teacher reads it on their listing.');
    expect(sendBackProblem('   too short  ')).toBe('Say what to change in at least 10 characters');
    expect(sendBackProblem('Add the centre address.')).toBeNull();
    expect(sendBackProblem('🙏'.repeat(10))).toBeNull();
    expect(sendBackProblem('a'.repeat(501))).toBe('A reason can be at most 500 characters');
  });

  it('checks a badge reason: 5 to 200 characters', () => {
    expect(badgeReasonProblem(' ok ')).toBe('Say why in at least 5 characters');
    expect(badgeReasonProblem('Documents checked.')).toBeNull();
    expect(badgeReasonProblem('a'.repeat(201))).toBe('A reason can be at most 200 characters');
  });
});
