import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkoutViolations, countBy, enquiryViolations, exactlyOnce, limitViolations, textViolations, visibilityViolations } from './scale-checks.mjs';

test('an accepted enquiry must exist exactly once, and a key sent again must replay it', () => {
  const accepted = [
    { key: 'k1', enquiryIds: ['e1'] },
    { key: 'k2', enquiryIds: ['e2', 'e3'] },
  ];
  assert.deepEqual(
    enquiryViolations({
      accepted,
      rowsById: new Map([
        ['e1', 1],
        ['e2', 1],
        ['e3', 1],
      ]),
      replays: [{ key: 'k1', firstIds: ['e1'], replayIds: ['e1'] }],
    }),
    [],
  );
  const found = enquiryViolations({
    accepted,
    rowsById: new Map([
      ['e1', 1],
      ['e2', 2],
    ]),
    replays: [{ key: 'k2', firstIds: ['e2', 'e3'], replayIds: ['e4'] }],
  });
  assert.deepEqual(found, [
    'enquiry e2 (key k2) was accepted but has 2 rows',
    'enquiry e3 (key k2) was accepted but has 0 rows',
    'key k2 sent again was answered with enquiries e4 instead of e2, e3',
  ]);
});

test('one checkout key names one order, and a paid order holds one payment', () => {
  const answers = [
    { key: 'p1', orderId: 'o1' },
    { key: 'p1', orderId: 'o1' },
    { key: 'p2', orderId: 'o2' },
  ];
  const rows = new Map([
    ['o1', 1],
    ['o2', 1],
  ]);
  assert.deepEqual(checkoutViolations({ answers, ordersById: rows, paymentsByOrder: new Map([['o1', 1]]), paidOrderIds: ['o1'] }), []);
  const found = checkoutViolations({
    answers: [...answers, { key: 'p2', orderId: 'o3' }],
    ordersById: rows,
    paymentsByOrder: new Map([['o1', 2]]),
    paidOrderIds: ['o1', 'o2'],
  });
  assert.deepEqual(found, [
    'checkout key p2 was answered with 2 different orders: o2, o3',
    'order o3 (key p2) was answered but has 0 rows',
    'order o1 was paid once in the sandbox but holds 2 payments',
    'order o2 was paid once in the sandbox but holds 0 payments',
  ]);
});

test('ledger rows: a lost one and a doubled one are both named', () => {
  assert.deepEqual(
    exactlyOnce({
      label: 'entry',
      expected: ['a', 'b'],
      counts: new Map([
        ['a', 1],
        ['b', 1],
      ]),
    }),
    [],
  );
  assert.deepEqual(
    exactlyOnce({
      label: 'entry',
      expected: ['a', 'b'],
      counts: new Map([
        ['a', 2],
        ['c', 3],
      ]),
    }),
    ['entry a: 2 rows (doubled)', 'entry b: no row (lost)', 'entry c: 3 rows (doubled)'],
  );
});

test('a text sent more often than it was queued, or a sign-in code sent twice, is a duplicate', () => {
  const queued = new Map([['+91…1|hello', 2]]);
  assert.deepEqual(textViolations({ queued, sent: new Map([['+91…1|hello', 2]]), signInCodes: new Map([['+91…1|123456 is your code', 1]]) }), []);
  assert.deepEqual(
    textViolations({
      queued,
      sent: new Map([
        ['+91…1|hello', 3],
        ['+91…2|bye', 1],
      ]),
      signInCodes: new Map([['+91…1|123456 is your code', 2]]),
    }),
    [
      'text "+91…1|hello" was sent 3 times for 2 queued',
      'text "+91…2|bye" was sent 1 times for 0 queued',
      'sign-in code text "+91…1|123456 is your code" was sent 2 times',
    ],
  );
});

test('a change must show through every instance', () => {
  const seenBy = [
    { instance: 'one', seen: true },
    { instance: 'two', seen: false },
  ];
  assert.deepEqual(visibilityViolations({ change: 'a badge', seenBy, withinMs: 1000 }), ['a badge did not show through two within 1000 ms']);
  assert.deepEqual(visibilityViolations({ change: 'a badge', seenBy: [seenBy[0]], withinMs: 1000 }), []);
});

test('a per-user limit holds when exactly max requests succeed and the rest are 429', () => {
  const statuses = (succeeded, limited, other = 0) => [...Array(succeeded).fill(200), ...Array(limited).fill(429), ...Array(other).fill(500)];
  assert.deepEqual(limitViolations({ limit: 'search', max: 3, statuses: statuses(3, 2) }), []);
  assert.deepEqual(limitViolations({ limit: 'search', max: 3, statuses: statuses(5, 0) }), [
    'search: 5 of 5 requests succeeded across the instances, the limit is 3',
  ]);
  assert.deepEqual(limitViolations({ limit: 'search', max: 3, statuses: statuses(3, 1, 1) }), ['search: 1 requests answered neither 2xx nor 429']);
});

test('rows are counted by key', () => {
  assert.deepEqual(
    countBy([['a'], ['b'], ['a']]),
    new Map([
      ['a', 2],
      ['b', 1],
    ]),
  );
});
