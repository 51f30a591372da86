import { useCallback, useState } from 'react';
import { useTheme } from '@emotion/react';
import type { LearnerUpdate } from '@kalike/shared/contracts/learner-updates';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { CardList } from '@kalike/shared/ui/card';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { newestKnownFirst, useLearnerUpdates } from '../api/get-learner-updates';
import { LearnerUpdateItem } from './learner-update-item';

/**
 * The family's updates. A survey that has just been answered (or refused) drops out of the
 * refreshed list, yet its thanks or reason should stay in front of the parent until they
 * leave the page: such items are kept here and merged back in.
 */
export function LearnerUpdateList() {
  const theme = useTheme();
  const updates = useLearnerUpdates();
  const [finished, setFinished] = useState<Record<string, LearnerUpdate>>({});
  const keep = useCallback((update: LearnerUpdate) => setFinished((kept) => ({ ...kept, [update.id]: update })), []);

  if (updates.isPending) return <SkeletonList rows={3} rowHeight="6rem" label="Loading your updates" />;
  if (updates.isError) {
    return (
      <StatusMessage tone="error" title="Your updates could not be loaded" action={{ label: 'Try again', onClick: () => void updates.refetch() }}>
        {readableErrorMessage(updates.error)}
      </StatusMessage>
    );
  }
  const current = new Set(updates.data.map((update) => update.id));
  const shown = newestKnownFirst([...updates.data, ...Object.values(finished).filter((update) => !current.has(update.id))]);
  if (shown.length === 0) {
    return <StatusMessage title="You are all caught up">Ratings to give, payment requests, replies from teachers and cancelled classes show up here.</StatusMessage>;
  }
  return (
    <CardList aria-label="Your updates" css={{ marginBottom: theme.space(2) }}>
      {shown.map((update) => (
        <li key={update.id}>
          <LearnerUpdateItem update={update} onSurveyDone={keep} />
        </li>
      ))}
    </CardList>
  );
}
