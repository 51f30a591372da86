import { toStudentStanding } from './register-standing';

describe('what the register says about a student', () => {
  test('classes to spare: nothing to raise', () => {
    expect(toStudentStanding({ classesLeft: 5, balancePaise: 0, pack: { status: 'active', validUntil: '2026-12-31' } })).toEqual({
      classesLeft: 5,
      owedPaise: 0,
      packStatus: 'active',
      packValidUntil: '2026-12-31',
      queuedPacks: [],
      flag: null,
    });
  });

  test('the last class of a pack with the next one paid and waiting: nothing to renew, and the waiting pack is shown', () => {
    const queued = [{ classesTotal: 8, validFrom: '2027-01-01' }];
    expect(toStudentStanding({ classesLeft: 1, balancePaise: 0, pack: { status: 'active', validUntil: '2026-12-31' }, queued })).toMatchObject({
      queuedPacks: queued,
      flag: null,
    });
  });

  test('the last class of the pack asks for a renewal', () => {
    expect(toStudentStanding({ classesLeft: 1, balancePaise: 0, pack: { status: 'active', validUntil: null } }).flag).toEqual({
      kind: 'last_class',
      message: '1 class left — ask to renew',
    });
  });

  test('money owed comes first, with the amount', () => {
    expect(toStudentStanding({ classesLeft: 0, balancePaise: -45_000, pack: { status: 'used_up', validUntil: null } })).toMatchObject({
      owedPaise: 45_000,
      flag: { kind: 'owes', message: '0 classes left, owes ₹450 — ask to pay' },
    });
  });

  test('credit is not owed', () => {
    expect(toStudentStanding({ classesLeft: 3, balancePaise: 12_000, pack: { status: 'active', validUntil: null } })).toMatchObject({
      owedPaise: 0,
      flag: null,
    });
  });

  test('a used-up pack', () => {
    expect(toStudentStanding({ classesLeft: 0, balancePaise: 0, pack: { status: 'used_up', validUntil: '2026-12-31' } }).flag).toEqual({
      kind: 'used_up',
      message: '0 classes left — ask to pay',
    });
  });

  test('a lapsed pack, with the day it lapsed', () => {
    expect(toStudentStanding({ classesLeft: 0, balancePaise: 0, pack: { status: 'expired', validUntil: '2026-11-03' } }).flag).toEqual({
      kind: 'expired',
      message: 'Pack expired on 3 Nov 2026 — ask to renew',
    });
  });

  test.each([
    undefined,
    { classesLeft: 0, balancePaise: 0, pack: null },
    { classesLeft: 0, balancePaise: 0, pack: { status: 'pending_payment' as const, validUntil: null } },
  ])('no paid pack: %j', (standing) => {
    expect(toStudentStanding(standing).flag).toEqual({ kind: 'no_pack', message: 'No paid class pack — ask to pay' });
  });
});
