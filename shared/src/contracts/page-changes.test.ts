import { parsePageChanges } from '@kalike/shared/contracts/page-changes';

describe('parsePageChanges', () => {
  it.each([
    ['a first answer', { cursor: 'A'.repeat(48), changes: [] }],
    [
      'changes with more to come',
      { cursor: 'b-_9'.repeat(12), changes: [{ teacherSlug: 'priya-raman-3', changedAt: '2026-11-27T06:00:00.000Z' }], more: true },
    ],
    ['a reset', { cursor: 'Z'.repeat(48), changes: [], reset: true, more: false }],
  ])('accepts %s as it is', (_what, answer) => {
    expect(parsePageChanges(answer)).toEqual(answer);
  });

  it.each([
    ['no answer', null, 'the answer'],
    ['a numeric cursor', { cursor: 812, changes: [] }, '/cursor'],
    ['a cursor with a sign', { cursor: '-1', changes: [] }, '/cursor'],
    ['a transaction id for a cursor', { cursor: '812', changes: [] }, '/cursor'],
    ['a change without its slug', { cursor: 'A'.repeat(48), changes: [{ changedAt: '2026-11-27T06:00:00.000Z' }] }, '/changes/0'],
    ['a change at no time', { cursor: 'A'.repeat(48), changes: [{ teacherSlug: 'a', changedAt: 'yesterday' }] }, '/changes/0/changedAt'],
    ['reset said as false', { cursor: 'A'.repeat(48), changes: [], reset: false }, '/reset'],
  ])('refuses %s, saying where', (_what, answer, where) => {
    expect(() => parsePageChanges(answer)).toThrow(`Not a page-changes answer: ${where}`);
  });
});
