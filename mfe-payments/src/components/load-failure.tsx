import { Link } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { describePaymentError } from '../utils/payment-errors';

/**
 * A read that failed: an id the API does not know (or not the learner's) reads as "not
 * found", and a link that no longer works says why, each with a way on; anything else says
 * what went wrong and offers to try again.
 */
export function LoadFailure({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const problem = describePaymentError(error);
  // Nothing to try again: a missing id, or a link that no longer works (an expired invitation).
  if (problem.kind === 'not-found' || problem.kind === 'closed') {
    return (
      <StatusMessage title={problem.title}>
        <p>{problem.message}</p>
        <p>
          <Link to={paths.classes()}>Go to My Classes</Link>
        </p>
      </StatusMessage>
    );
  }
  return (
    <StatusMessage tone="error" title={title} action={{ label: 'Try again', onClick: onRetry }}>
      {readableErrorMessage(error)}
    </StatusMessage>
  );
}
