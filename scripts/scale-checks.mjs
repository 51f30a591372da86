// The judgements of `npm run test:scale` (scripts/test-scale.mjs), apart from the processes and
// the load so they can be tested: each takes what the learners were answered and what the
// database holds, and returns the violations it finds as sentences (none: an empty list).

/**
 * Every enquiry a learner was told was created (a 2xx answer) exists exactly once, and a
 * submission sent again with its key is answered with the same enquiries.
 * @param {{ accepted: { key: string, enquiryIds: string[] }[], rowsById: Map<string, number>,
 *   replays: { key: string, firstIds: string[], replayIds: string[] }[] }} input
 *   rowsById: how many `enquiries` rows each id has
 */
export function enquiryViolations({ accepted, rowsById, replays }) {
  const violations = [];
  for (const { key, enquiryIds } of accepted) {
    for (const id of enquiryIds) {
      const rows = rowsById.get(id) ?? 0;
      if (rows !== 1) violations.push(`enquiry ${id} (key ${key}) was accepted but has ${rows} rows`);
    }
  }
  for (const { key, firstIds, replayIds } of replays) {
    if ([...firstIds].sort().join() !== [...replayIds].sort().join()) {
      violations.push(`key ${key} sent again was answered with enquiries ${replayIds.join(', ') || 'none'} instead of ${firstIds.join(', ')}`);
    }
  }
  return violations;
}

/**
 * Checkouts sent with one key (several times, through several instances) all name one order,
 * which exists once, and each paid order holds one payment.
 * @param {{ answers: { key: string, orderId: string }[], ordersById: Map<string, number>,
 *   paymentsByOrder: Map<string, number>, paidOrderIds: string[] }} input
 */
export function checkoutViolations({ answers, ordersById, paymentsByOrder, paidOrderIds }) {
  const violations = [];
  const ordersByKey = new Map();
  for (const { key, orderId } of answers) ordersByKey.set(key, new Set([...(ordersByKey.get(key) ?? []), orderId]));
  for (const [key, orderIds] of ordersByKey) {
    if (orderIds.size > 1) violations.push(`checkout key ${key} was answered with ${orderIds.size} different orders: ${[...orderIds].join(', ')}`);
    for (const orderId of orderIds) {
      const rows = ordersById.get(orderId) ?? 0;
      if (rows !== 1) violations.push(`order ${orderId} (key ${key}) was answered but has ${rows} rows`);
    }
  }
  for (const orderId of paidOrderIds) {
    const payments = paymentsByOrder.get(orderId) ?? 0;
    if (payments !== 1) violations.push(`order ${orderId} was paid once in the sandbox but holds ${payments} payments`);
  }
  return violations;
}

/**
 * Ledger rows that must each exist once: one per (what, key) the database was asked to record.
 * @param {{ label: string, expected: string[], counts: Map<string, number> }} input
 *   expected: the keys that must have exactly one row; counts: rows found per key
 */
export function exactlyOnce({ label, expected, counts }) {
  const violations = [];
  for (const key of expected) {
    const rows = counts.get(key) ?? 0;
    if (rows === 0) violations.push(`${label} ${key}: no row (lost)`);
    else if (rows > 1) violations.push(`${label} ${key}: ${rows} rows (doubled)`);
  }
  for (const [key, rows] of counts) {
    if (!expected.includes(key) && rows > 1) violations.push(`${label} ${key}: ${rows} rows (doubled)`);
  }
  return violations;
}

/**
 * No text reached the phone twice: each queued message (message_outbox, sent) has exactly as
 * many sent texts (sms_outbox) as it has rows, and a sign-in code text is never repeated.
 * @param {{ queued: Map<string, number>, sent: Map<string, number>, signInCodes: Map<string, number> }} input
 *   keys are `to_phone|body`; values how many rows
 */
export function textViolations({ queued, sent, signInCodes }) {
  const violations = [];
  for (const [text, count] of sent) {
    const expected = queued.get(text) ?? 0;
    if (count > expected) violations.push(`text "${text.slice(0, 90)}" was sent ${count} times for ${expected} queued`);
  }
  for (const [text, count] of signInCodes) {
    if (count > 1) violations.push(`sign-in code text "${text.slice(0, 90)}" was sent ${count} times`);
  }
  return violations;
}

/**
 * A change made through one instance shows through every instance within the allowed time.
 * @param {{ change: string, seenBy: { instance: string, seen: boolean }[], withinMs: number }} input
 */
export function visibilityViolations({ change, seenBy, withinMs }) {
  return seenBy.filter(({ seen }) => !seen).map(({ instance }) => `${change} did not show through ${instance} within ${withinMs} ms`);
}

/**
 * A per-user limit of `max` holds across instances: of the requests sent round-robin, exactly
 * `max` succeed and the rest are answered 429.
 * @param {{ limit: string, max: number, statuses: number[] }} input
 */
export function limitViolations({ limit, max, statuses }) {
  const succeeded = statuses.filter((status) => status >= 200 && status < 300).length;
  const limited = statuses.filter((status) => status === 429).length;
  const other = statuses.length - succeeded - limited;
  const violations = [];
  if (succeeded !== max) violations.push(`${limit}: ${succeeded} of ${statuses.length} requests succeeded across the instances, the limit is ${max}`);
  if (other > 0) violations.push(`${limit}: ${other} requests answered neither 2xx nor 429`);
  return violations;
}

/** Counts rows of a query result by one key. @param {string[][]} rows */
export function countBy(rows, keyOf = (row) => row[0]) {
  const counts = new Map();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return counts;
}
