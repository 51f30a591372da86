import type { AttendanceResult, Session, SessionPlace } from '@kalike/shared/contracts/sessions';
import type { ClassLinkWithheldReason } from '@kalike/shared/domain/batch-student-lifecycle';
import { learnersOnly, teachersOnly } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { BatchViewRow, MarkedRow, SessionRow } from './session-rows';

export type Withheld = { reason: ClassLinkWithheldReason; message: string };

/** The family's own session list. */
export const sessionLearners = learnersOnly("Only learners have a family's sessions");
/** The teacher's moves on their batches' sessions: cancel, holiday, attendance. */
export const sessionTeachers = teachersOnly('Only the teacher of the batch can do this');

export const sessionNotFound = () => new DomainError('SESSION_NOT_FOUND', 'No such session among your batches', 404);
export const batchNotFound = () => new DomainError('BATCH_NOT_FOUND', 'No such batch among yours', 404);
export const invalid = (message: string) => new DomainError('VALIDATION_ERROR', message, 400);

const iso = (value: Date | string): string => new Date(value).toISOString();

/** Who is booked on each session as a demo, by session id. */
export function demoNamesBySession(seats: readonly { session_id: string; name: string }[]): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const seat of seats) names.set(seat.session_id, [...(names.get(seat.session_id) ?? []), seat.name]);
  return names;
}

/** `demoNames`: who is booked on the class as a demo, as the reader may see them. */
export function toSession(row: SessionRow, demoNames: readonly string[] = []): Session {
  return {
    ...(demoNames.length > 0 ? { demoStudents: demoNames.map((name) => ({ name })) } : {}),
    id: row.id,
    occursOn: row.occurs_on,
    startTime: iso(row.starts_at),
    endTime: iso(row.ends_at),
    status: row.status,
    cancelReason: row.status === 'cancelled' ? row.cancel_reason : null,
  };
}

function mapUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

/** `withheld`: the learner's family may not have the online room yet, and why. */
export function toPlace(row: BatchViewRow, withheld?: Withheld | null): SessionPlace {
  if (row.place === 'online') {
    if (withheld) return { kind: 'online', name: 'Online', joinUrl: null, withheld };
    return { kind: 'online', name: 'Online', joinUrl: row.online_link, ...(withheld === null ? { withheld: null } : {}) };
  }
  // Where the seed and every teacher page live; the only city for now.
  const name = row.place_name ?? row.locality_name ?? 'Bengaluru';
  const lat = Number(row.lat ?? 0);
  const lng = Number(row.lng ?? 0);
  // An apartment names its locality; a locality is named once.
  const parts = [name, row.place === 'apartment' ? row.locality_name : null, 'Bengaluru', row.pincode].filter((part): part is string => Boolean(part));
  return { kind: row.place, name, address: parts.join(', '), lat, lng, mapUrl: mapUrl(lat, lng) };
}

export function toMarked(batchStudentId: string, row: MarkedRow): AttendanceResult['records'][number] {
  return {
    batchStudentId,
    status: row.status,
    consumed:
      row.status === 'attended' && row.ledger_entry_id
        ? { ledgerEntryId: row.ledger_entry_id, fromPack: (row.classes_delta ?? 0) < 0, amountPaise: row.amount_paise ?? 0 }
        : null,
  };
}
