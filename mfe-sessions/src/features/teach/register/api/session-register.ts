import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type {
  AddExtraClassBody,
  AddHolidayBody,
  AttendanceBody,
  AttendanceCorrection,
  AttendanceCorrectionBody,
  AttendanceResult,
  CancelSessionBody,
  Holiday,
  Session,
  SessionRegister,
} from '@kalike/shared/contracts/sessions';

import { sessionKeys } from '../../../../api/session-keys';

export function getSessionRegister(sessionId: string, signal?: AbortSignal): Promise<SessionRegister> {
  return apiGet<SessionRegister>(`v1/class/sessions/${encodeURIComponent(sessionId)}/register`, { signal });
}

export const sessionRegisterQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.teach.register(sessionId),
    queryFn: ({ signal }) => getSessionRegister(sessionId, signal),
  });

/** One class with its students, each with their mark and where they stand with their packs. */
export function useSessionRegister(sessionId: string) {
  return useQuery(sessionRegisterQueryOptions(sessionId));
}

export function markAttendance(sessionId: string, body: AttendanceBody): Promise<AttendanceResult> {
  return apiSend<AttendanceResult>('post', `v1/class/sessions/${encodeURIComponent(sessionId)}/attendance`, body);
}

export function correctAttendance(sessionId: string, batchStudentId: string, body: AttendanceCorrectionBody): Promise<AttendanceCorrection> {
  return apiSend<AttendanceCorrection>('put', `v1/class/sessions/${encodeURIComponent(sessionId)}/attendance/${encodeURIComponent(batchStudentId)}`, body);
}

export function cancelSession(sessionId: string, body: CancelSessionBody): Promise<Session> {
  return apiSend<Session>('post', `v1/class/sessions/${encodeURIComponent(sessionId)}/cancel`, body);
}

export function addHoliday(batchId: string, body: AddHolidayBody): Promise<Holiday> {
  return apiSend<Holiday>('post', `v1/class/batches/${encodeURIComponent(batchId)}/holidays`, body);
}

export function addExtraClass(batchId: string, body: AddExtraClassBody): Promise<Session> {
  return apiSend<Session>('post', `v1/class/batches/${encodeURIComponent(batchId)}/sessions`, body);
}

/**
 * Marking, cancelling, holidays and extra classes all change the register and the week: every teacher session
 * query is fetched again once the API has answered, so the page shows what the API decided
 * (classes left after marking, the reason on a cancelled class). Each form shows its own outcome.
 */
function useTeacherSessionMove<Body, Result>(sessionId: string, move: string, send: (body: Body) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sessionKeys.teach.moves(sessionId), move],
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.teach.schedule() }),
  });
}

export const useMarkAttendance = (sessionId: string) =>
  useTeacherSessionMove(sessionId, 'attendance', (body: AttendanceBody) => markAttendance(sessionId, body));

export const useCorrectAttendance = (sessionId: string, batchStudentId: string) =>
  useTeacherSessionMove(sessionId, `correct-${batchStudentId}`, (body: AttendanceCorrectionBody) => correctAttendance(sessionId, batchStudentId, body));

export const useCancelSession = (sessionId: string) => useTeacherSessionMove(sessionId, 'cancel', (body: CancelSessionBody) => cancelSession(sessionId, body));

export const useAddHoliday = (sessionId: string, batchId: string) =>
  useTeacherSessionMove(sessionId, 'holiday', (body: AddHolidayBody) => addHoliday(batchId, body));

export const useAddExtraClass = (sessionId: string, batchId: string) =>
  useTeacherSessionMove(sessionId, 'extra-class', (body: AddExtraClassBody) => addExtraClass(batchId, body));
