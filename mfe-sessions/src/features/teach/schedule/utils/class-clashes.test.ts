import type { TeacherClass } from '@kalike/shared/contracts/sessions';

import { apartment, online, session, uuid } from '../../../../testing/session-fixtures';
import { findClassClashes } from './class-clashes';

const entry = (n: number, start: string, end: string, status: TeacherClass['session']['status'] = 'scheduled'): TeacherClass => ({
  session: session(n, start, end, { status }),
  batch: { id: uuid(700 + n), name: `Batch ${n}`, programName: 'Guitar', place: n % 2 ? apartment() : online() },
  studentsCount: 3,
});

const ids = (clashes: ReturnType<typeof findClassClashes>) => clashes.map(({ first, second }) => [first.session.id, second.session.id]);

describe('findClassClashes', () => {
  it('finds two classes at the same time, at a centre and online', () => {
    const centre = entry(1, '2026-11-26T10:30:00.000Z', '2026-11-26T11:30:00.000Z');
    const onlineClass = entry(2, '2026-11-26T10:30:00.000Z', '2026-11-26T11:30:00.000Z');
    expect(ids(findClassClashes([centre, onlineClass]))).toEqual([[uuid(1), uuid(2)]]);
  });

  it('finds a class that starts before another ends, whatever order they come in', () => {
    const later = entry(1, '2026-11-26T11:00:00.000Z', '2026-11-26T12:00:00.000Z');
    const earlier = entry(2, '2026-11-26T10:30:00.000Z', '2026-11-26T11:30:00.000Z');
    expect(ids(findClassClashes([later, earlier]))).toEqual([[uuid(2), uuid(1)]]);
  });

  it('finds each pair when a long class overlaps two others', () => {
    const long = entry(1, '2026-11-26T10:00:00.000Z', '2026-11-26T13:00:00.000Z');
    const a = entry(2, '2026-11-26T10:30:00.000Z', '2026-11-26T11:00:00.000Z');
    const b = entry(3, '2026-11-26T12:00:00.000Z', '2026-11-26T12:30:00.000Z');
    expect(ids(findClassClashes([b, a, long]))).toEqual([
      [uuid(1), uuid(2)],
      [uuid(1), uuid(3)],
    ]);
  });

  it('sees no clash between classes that only touch, or with a cancelled class', () => {
    const first = entry(1, '2026-11-26T10:30:00.000Z', '2026-11-26T11:30:00.000Z');
    const next = entry(2, '2026-11-26T11:30:00.000Z', '2026-11-26T12:30:00.000Z');
    const cancelled = entry(3, '2026-11-26T10:30:00.000Z', '2026-11-26T11:30:00.000Z', 'cancelled');
    expect(findClassClashes([first, next, cancelled])).toEqual([]);
  });
});
