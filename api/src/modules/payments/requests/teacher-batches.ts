import type { TeacherPaymentBatches } from '@kalike/shared/contracts/teacher-payments';
import { istDateKey } from '@kalike/shared/format/dates';
import type { AuthUser } from '../../../plugins/auth';
import { holdLapsed } from '../../../shared/batch-seats';
import { toEnquiryBatch } from '../../../shared/enquiry-batches';
import { currentPack, toBatchStudentPlan } from '../class-packs/packs';
import { endedBatchNextPack, nextPackSlot, packQueue, toNextPack } from '../class-packs/pack-queue';
import { amountDuePaise } from '../money';
import type { PaymentsRepository } from '../payments.repository';
import { requestingTeachers } from './teacher-requests';

export interface TeacherBatchesDeps {
  repository: Pick<PaymentsRepository, 'batches' | 'places' | 'packs' | 'ledger' | 'requests'>;
  now: () => Date;
}

/** What the teacher sees before asking a student to pay: who is in each batch and where their money stands. */
export function createTeacherBatches({ repository, now }: TeacherBatchesDeps) {
  return {
    /**
     * The teacher's batches with their class packs and the students in them: each student's pack
     * and classes left (from the ledger), what they owe, and how many requests wait for them.
     */
    async teacherBatches(user: AuthUser): Promise<TeacherPaymentBatches> {
      const teacherId = requestingTeachers.idOf(user);
      const at = now();
      const today = istDateKey(at);
      const batchIds = await repository.batches.findIdsOfTeacher(teacherId);
      const [batches, plans, places, ended] = await Promise.all([
        repository.batches.find(batchIds),
        repository.batches.findPlansOfBatches(batchIds),
        repository.places.findCurrentOfBatches(batchIds),
        repository.batches.endedOf(batchIds, at),
      ]);
      const live = places.filter((place) => !holdLapsed(place, at));
      const placeIds = live.map((place) => place.id);
      const [packs, balances, openRequests] = await Promise.all([
        repository.packs.findOfPlaces(placeIds),
        repository.ledger.balancesOf(placeIds),
        repository.requests.countOpen(placeIds),
      ]);
      const byId = new Map(batches.map((batch) => [batch.id, batch]));
      return {
        batches: batchIds.flatMap((batchId) => {
          const batch = byId.get(batchId);
          if (!batch) return [];
          return [
            {
              batch: toEnquiryBatch(batch, plans),
              students: live
                .filter((place) => place.batch_id === batchId)
                .map((place) => {
                  const own = packs.filter((candidate) => candidate.batch_student_id === place.id);
                  const pack = currentPack(own, today);
                  const owed = Math.max(0, -(balances.get(place.id) ?? 0));
                  return {
                    batchStudentId: place.id,
                    studentName: place.student_name,
                    status: place.status,
                    classPack: pack
                      ? {
                          name: pack.plan_name,
                          classesLeft: pack.classes_left,
                          classesTotal: pack.classes_total,
                          status: toBatchStudentPlan(pack, today).status,
                        }
                      : null,
                    owedPaise: owed,
                    owedRequestPaise: owed > 0 ? amountDuePaise(owed) : null,
                    openRequests: openRequests.get(place.id) ?? 0,
                    queuedPacks: packQueue(own, today).queued.map((queued) => ({
                      name: queued.plan_name,
                      classesTotal: queued.classes_total,
                      validFrom: queued.valid_from ?? today,
                    })),
                    nextPack: ended.has(batchId) ? endedBatchNextPack() : toNextPack(nextPackSlot(own, today, place.student_name), today),
                  };
                }),
            },
          ];
        }),
      };
    },
  };
}

export type TeacherBatches = ReturnType<typeof createTeacherBatches>;
