import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { seedPhones, wellKnownLearners } from './accounts';
import { bulkInsert, type SeedRow } from './bulk-insert';
import { firstNames, lastNames, learnerNames } from './names';
import { formatRupees, istTimestamp, type BatchGen, type SeedContext } from './seed-context';

type RequestStatus = 'open' | 'completed' | 'cancelled';

/** A request owned by a seeded learner, linked to their child once students exist. */
export interface RequestForStudent {
  requestId: string;
  studentId: string;
}

/**
 * Payment requests: the well-known ones first (owned by seeded learners), then random ones
 * spread over the statuses. Returns which requests belong to which seeded student: students
 * are written with the accounts, later.
 */
export async function seedPaymentRequests(
  { db, profile, anchor, stream, summary }: SeedContext,
  batches: readonly BatchGen[],
  wellKnownIds: { open: string; completed: string; cancelled: string; openSecond: string },
): Promise<RequestForStudent[]> {
  const random = stream('payment-requests');
  const fixed: [string, RequestStatus][] = [
    [wellKnownIds.open, 'open'],
    [wellKnownIds.completed, 'completed'],
    [wellKnownIds.cancelled, 'cancelled'],
    [wellKnownIds.openSecond, 'open'],
  ];
  const statuses = ['open', 'completed', 'cancelled'] as const;
  const rows: SeedRow<'payment_requests'>[] = [];
  const requestStudents: RequestForStudent[] = [];
  for (let i = 0; i < fixed.length + profile.paymentRequests; i++) {
    const [fixedId, fixedStatus] = fixed[i] ?? [];
    const id = fixedId ?? random.uuid();
    const status = fixedStatus ?? statuses[i % statuses.length] ?? 'open';
    const drawn = random.pick(batches);
    const drawnPlan = random.pick(drawn.plans);
    // A seeded learner's request is for a batch with a free seat, so paying it can give their
    // child the place; the draws above still happen, so no other row changes.
    const seated =
      i < fixed.length && drawn.seatsTaken >= drawn.capacity
        ? batches.find((candidate) => candidate.seatsTaken < candidate.capacity && candidate.plans.length > 0)
        : undefined;
    const batch = seated ?? drawn;
    const plan = seated ? (seated.plans[0] ?? drawnPlan) : drawnPlan;
    const learner = `${random.pick(firstNames)} ${random.pick(lastNames)}`;
    const student = random.pick(learnerNames);
    // Everything happened strictly before the anchor day, so nothing is dated in the future.
    const daysAgo = random.int(1, 40);
    const createdOn = addDaysToDateKey(anchor, -daysAgo);
    const createdAt = istTimestamp(createdOn, `${String(random.int(8, 21)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`);
    const completedAt = status === 'completed' ? istTimestamp(addDaysToDateKey(createdOn, random.int(0, Math.min(6, daysAgo - 1))), '23:15') : null;
    // A demo-range number; the first draw is kept so later draws stay as they were.
    random.pick(['9', '8', '7']);
    const randomPhone = seedPhones.other(random.int(0, 999_999_999));
    // The fixed requests belong to seeded learners, so signing in as them shows real history;
    // the random draws above still happen, so no other row changes.
    const owner = i < 2 ? wellKnownLearners.asha : i < fixed.length ? wellKnownLearners.rahul : undefined;
    // A seeded learner's request is for their first child, so paying it delivers that child's pack.
    const ownStudent = owner?.students[0];
    rows.push({
      id,
      batch_id: batch.id,
      teacher_id: batch.program.listing.teacher.id,
      learner_name: owner?.name ?? learner,
      learner_phone: owner?.phone ?? randomPhone,
      student_name: ownStudent?.name ?? student,
      description: `${plan.name} for ${batch.program.name} (${batch.name}), ${formatRupees(plan.pricePaise)}`,
      amount_paise: plan.pricePaise,
      status,
      due_on: addDaysToDateKey(createdOn, 7),
      created_at: createdAt,
      completed_at: completedAt,
      class_pack_plan_id: plan.id,
    });
    if (ownStudent) requestStudents.push({ requestId: id, studentId: ownStudent.id });
  }
  summary.payment_requests = await bulkInsert(db, 'payment_requests', rows);
  return requestStudents;
}
