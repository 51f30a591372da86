import { invitationState } from './invitations.service';

describe('invitationState', () => {
  const at = new Date('2025-06-02T10:00:00Z');
  const open = { revoked_at: null, expires_at: new Date('2025-06-03T10:00:00Z'), max_uses: null, uses: 0 };

  test('open until revoked, past its deadline, or used by as many as it allows', () => {
    expect(invitationState(open, at)).toBe('open');
    expect(invitationState({ ...open, max_uses: 2, uses: 1 }, at)).toBe('open');
    expect(invitationState({ ...open, max_uses: 2, uses: 2 }, at)).toBe('used_up');
    expect(invitationState({ ...open, expires_at: at }, at)).toBe('expired');
    expect(invitationState({ ...open, revoked_at: new Date('2025-06-01T00:00:00Z'), expires_at: at, max_uses: 1, uses: 1 }, at)).toBe('revoked');
  });

  test('an expired invitation that was also used up reads expired: that is the reason a learner is given first', () => {
    expect(invitationState({ ...open, expires_at: at, max_uses: 1, uses: 1 }, at)).toBe('expired');
  });
});
