import type { BatchStudentStatus } from '@kalike/shared/domain/batch-student-lifecycle';

/**
 * Whether a held place's deadline has passed (released or not yet swept): a pure rule the
 * payment screens decide with. Every statement on places and seats is the enrolments module's.
 */
export function holdLapsed(row: { status: BatchStudentStatus; hold_expires_at: Date | string | null }, at: Date): boolean {
  if (row.status === 'released') return true;
  return row.status === 'held' && row.hold_expires_at !== null && new Date(row.hold_expires_at).getTime() <= at.getTime();
}
