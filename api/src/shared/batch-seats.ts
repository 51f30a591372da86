import { batchStudentLifecycle, type BatchStudentStatus } from '@kalike/shared/domain/batch-student-lifecycle';

/**
 * Whether a held place's deadline has passed (released or not yet swept): a pure rule the
 * payment screens decide with. Every statement on places and seats is the enrolments module's.
 */
export function holdLapsed(row: { status: BatchStudentStatus; hold_expires_at: Date | string | null }, at: Date): boolean {
  return batchStudentLifecycle.statusAt({ status: row.status, holdExpiresAt: row.hold_expires_at }, at) === 'released';
}
