import { ifPresent, toStudentStanding } from './register-standing';

describe('what the register says about a student', () => {
  test('classes to spare: nothing to raise', () => {
    expect(
      toStudentStanding(
        { classesLeft: 5, balancePaise: 0, pack: { status: 'active', validUntil: '2026-12-31' }, nextClass: { kind: 'pack', classesLeft: 5, classesTotal: 8 } },
        'Aarav',
      ),
    ).toEqual({
      classesLeft: 5,
      owedPaise: 0,
      packStatus: 'active',
      packValidUntil: '2026-12-31',
      queuedPacks: [],
      ifPresent: "Present uses one of Aarav's classes: 5 of 8 left → 4",
      flag: null,
    });
  });

  test('the last class of a pack with the next one paid and waiting: nothing to renew, and the waiting pack is shown', () => {
    const queued = [{ classesTotal: 8, validFrom: '2027-01-01' }];
    expect(
      toStudentStanding(
        {
          classesLeft: 1,
          balancePaise: 0,
          pack: { status: 'active', validUntil: '2026-12-31' },
          queued,
          nextClass: { kind: 'pack', classesLeft: 1, classesTotal: 8 },
        },
        'Aarav',
      ),
    ).toMatchObject({
      queuedPacks: queued,
      flag: null,
      ifPresent: "Present uses one of Aarav's classes: 1 of 8 left → 0",
    });
  });

  test('the last class of the pack asks for a renewal', () => {
    expect(
      toStudentStanding({ classesLeft: 1, balancePaise: 0, pack: { status: 'active', validUntil: null }, nextClass: { kind: 'owed', perClassPaise: 30_000 } })
        .flag,
    ).toEqual({
      kind: 'last_class',
      message: '1 class left — ask to renew',
    });
  });

  test('money owed comes first, with the amount', () => {
    expect(
      toStudentStanding({
        classesLeft: 0,
        balancePaise: -45_000,
        pack: { status: 'used_up', validUntil: null },
        nextClass: { kind: 'owed', perClassPaise: 30_000 },
      }),
    ).toMatchObject({
      owedPaise: 45_000,
      flag: { kind: 'owes', message: '0 classes left, owes ₹450 — ask to pay' },
    });
  });

  test('credit is not owed', () => {
    expect(
      toStudentStanding({
        classesLeft: 3,
        balancePaise: 12_000,
        pack: { status: 'active', validUntil: null },
        nextClass: { kind: 'owed', perClassPaise: 30_000 },
      }),
    ).toMatchObject({
      owedPaise: 0,
      flag: null,
    });
  });

  test('a used-up pack', () => {
    expect(
      toStudentStanding({
        classesLeft: 0,
        balancePaise: 0,
        pack: { status: 'used_up', validUntil: '2026-12-31' },
        nextClass: { kind: 'owed', perClassPaise: 30_000 },
      }).flag,
    ).toEqual({
      kind: 'used_up',
      message: '0 classes left — ask to pay',
    });
  });

  test('a lapsed pack, with the day it lapsed', () => {
    expect(
      toStudentStanding({
        classesLeft: 0,
        balancePaise: 0,
        pack: { status: 'expired', validUntil: '2026-11-03' },
        nextClass: { kind: 'owed', perClassPaise: 30_000 },
      }).flag,
    ).toEqual({
      kind: 'expired',
      message: 'Pack expired on 3 Nov 2026 — ask to renew',
    });
  });

  test.each([
    undefined,
    { classesLeft: 0, balancePaise: 0, pack: null, nextClass: { kind: 'owed' as const, perClassPaise: 0 } },
    { classesLeft: 0, balancePaise: 0, pack: { status: 'pending_payment' as const, validUntil: null }, nextClass: { kind: 'owed' as const, perClassPaise: 0 } },
  ])('no paid pack: %j', (standing) => {
    expect(toStudentStanding(standing).flag).toEqual({ kind: 'no_pack', message: 'No paid class pack — ask to pay' });
  });

  test('before saving, the teacher reads what Present uses: a class of the pack, or money owed', () => {
    expect(ifPresent('Aarav', { kind: 'pack', classesLeft: 3, classesTotal: 8 })).toBe("Present uses one of Aarav's classes: 3 of 8 left → 2");
    expect(ifPresent('Aarav', { kind: 'pack', classesLeft: 1, classesTotal: 4 })).toBe("Present uses one of Aarav's classes: 1 of 4 left → 0");
    expect(ifPresent('Diya', { kind: 'owed', perClassPaise: 30_000 })).toBe('Diya has no class left: Present adds ₹300 to what the family owes');
    expect(ifPresent('Diya', undefined)).toBe('Diya has no class left: Present is booked as owed');
  });
});
