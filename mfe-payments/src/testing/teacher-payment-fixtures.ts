import type { TeacherPaymentBatches, TeacherPaymentRequest } from '@kalike/shared/contracts/teacher-payments';
import { sampleEnquiryBatch } from '@kalike/shared/testing/enquiry-batch-fixture';

export const batchId = '3b9e0d41-0000-4000-8000-000000000700';
export const saanviPlace = '3b9e0d41-0000-4000-8000-000000000801';
export const kiranPlace = '3b9e0d41-0000-4000-8000-000000000802';
export const monthlyPlan = '3b9e0d41-0000-4000-8000-000000000901';
export const termPlan = '3b9e0d41-0000-4000-8000-000000000902';

/** One batch with two packs and two students: Saanvi mid-pack, Kiran owing for two classes. */
export function teacherBatches(): TeacherPaymentBatches {
  return {
    batches: [
      {
        batch: sampleEnquiryBatch({
          plans: [
            { id: monthlyPlan, name: 'Monthly pack', classesCount: 8, pricePaise: 320_000, pricePerClassPaise: 40_000, validityDays: 35 },
            { id: termPlan, name: 'Term pack', classesCount: 24, pricePaise: 900_050, pricePerClassPaise: 37_502, validityDays: 100 },
          ],
        }),
        students: [
          {
            batchStudentId: saanviPlace,
            studentName: 'Saanvi',
            status: 'active',
            classPack: { name: 'Monthly pack', classesLeft: 5, classesTotal: 8, status: 'active' },
            owedPaise: 0,
            owedRequestPaise: null,
            openRequests: 0,
            queuedPacks: [],
            nextPack: { allowed: true, startsOn: '2026-12-11', message: null },
          },
          {
            batchStudentId: kiranPlace,
            studentName: 'Kiran',
            status: 'enrolled',
            classPack: null,
            owedPaise: 80_000,
            owedRequestPaise: 80_000,
            openRequests: 1,
            queuedPacks: [],
            nextPack: { allowed: true, startsOn: '2026-11-26', message: null },
          },
        ],
      },
    ],
  };
}

export function teacherRequest(overrides: Partial<TeacherPaymentRequest> = {}): TeacherPaymentRequest {
  return {
    id: '3b9e0d41-0000-4000-8000-000000000a01',
    status: 'open',
    amountPaise: 320_000,
    description: 'Monthly pack, 8 classes',
    teacher: { name: 'Priya Gowda', slug: 'priya-gowda' },
    batch: { name: 'Saturday beginners', programName: 'Chess for beginners', categoryName: 'Chess' },
    studentName: 'Saanvi',
    classPack: { name: 'Monthly pack', classesCount: 8 },
    dueOn: '2026-12-03',
    createdAt: '2026-11-26T05:00:00.000Z',
    completedAt: null,
    batchId,
    batchStudentId: saanviPlace,
    cancelReason: null,
    ...overrides,
  };
}
