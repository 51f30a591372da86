import { databaseOfHandle, type TransactionHandle } from '../../shared/transactional-repository';
import { batchEndingQueries } from './batch-ending.repository';

/** A batch the teacher ended: its last day, and how many classes still to come were taken off the calendar. */
export interface EndedSchedule {
  endsOn: string;
  removedSessions: number;
}

/**
 * Sessions ends a batch's schedule inside the caller's transaction: the batch's last day becomes
 * today (IST) and its classes still to start leave the calendar, so no family, register or
 * teacher's day shows them. Payments calls it when a teacher ends a batch.
 */
export type EndScheduleWithin = (handle: TransactionHandle, batchId: string, at: Date) => Promise<EndedSchedule>;

export const endScheduleWithin: EndScheduleWithin = (handle, batchId, at) => batchEndingQueries(databaseOfHandle(handle)).endSchedule(batchId, at);
