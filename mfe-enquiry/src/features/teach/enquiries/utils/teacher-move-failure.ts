import { isApiError, readableErrorMessage } from '@kalike/shared/api/api-error';

/** What to tell the teacher when a move failed, and whether the enquiry should be read again. */
export function describeTeacherMoveFailure(error: unknown): { message: string; stale: boolean } {
  if (isApiError(error)) {
    switch (error.code) {
      case 'INVALID_TRANSITION':
        return {
          message: 'This enquiry has moved on since you opened it: the family may have closed it, or the time to reply ran out. Here is where it stands now.',
          stale: true,
        };
      case 'BATCH_FULL':
        return { message: 'That batch has just filled up. Choose another batch.', stale: true };
      case 'BATCH_NOT_FOUND':
        return { message: 'That batch is no longer one you can offer. Choose another batch.', stale: true };
      case 'SESSION_NOT_FOUND':
        return { message: 'That class has started or was cancelled. Choose another class.', stale: true };
      case 'ENQUIRY_NOT_FOUND':
        return { message: 'This enquiry is not in your inbox any more.', stale: true };
    }
  }
  return { message: readableErrorMessage(error), stale: false };
}
