import { batchStudentTransitions, type BatchStudentMove, type BatchStudentStatus } from '@kalike/shared/domain/batch-student-lifecycle';

/** The statuses a move may leave, for the `where` of its update. */
export const movableFrom = (move: BatchStudentMove): BatchStudentStatus[] => [...batchStudentTransitions[move].from];
