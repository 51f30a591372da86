import { isApiError, readableErrorMessage } from '@kalike/shared/api/api-error';

/** What to tell the learner when a move on an enquiry failed, and whether it has changed meanwhile. */
export function describeMoveFailure(error: unknown): { message: string; stale: boolean } {
  if (isApiError(error)) {
    if (error.code === 'OFFER_CHANGED') return { message: 'The teacher has changed the offer. Here is the new one.', stale: true };
    if (error.code === 'INVALID_TRANSITION') return { message: 'This enquiry has moved on since you opened it. Here is where it stands now.', stale: true };
    if (error.code === 'ENQUIRY_ALREADY_OPEN') {
      return { message: 'That student already has an open enquiry with this teacher. Add the details there, or choose someone else.', stale: false };
    }
    if (error.code === 'BATCH_FULL') return { message: 'The batch has no seat left. Ask the teacher for another batch.', stale: true };
  }
  return { message: readableErrorMessage(error), stale: false };
}
