import { useCallback, useState } from 'react';
import { css } from '@emotion/react';
import type { LearnerUpdate } from '@kalike/shared/contracts/learner-updates';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { CardList } from '@kalike/shared/ui/card';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { stack } from '@kalike/shared/ui/layout-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { newestKnownFirst, useLearnerUpdates } from '../api/get-learner-updates';
import { LearnerUpdateItem } from './learner-update-item';

/**
 * What is waiting for the family (a class to rate, a payment request, an offer to take up)
 * comes first and together; news the family only reads follows.
 */
export function needsFamily(update: LearnerUpdate): boolean {
  if (update.kind === 'survey_pending' || update.kind === 'payment_request' || update.kind === 'pack_lapsing') return true;
  return update.kind === 'enquiry_response' && update.enquiry.needsAction;
}

const groupLabelStyle = css({ margin: 0, fontWeight: 700, color: colors.textMuted });
const groupListStyle = css({ marginBottom: space(2) });

/**
 * The family's updates. A survey that has just been answered (or refused) drops out of the
 * refreshed list, yet its thanks or reason should stay in front of the parent until they
 * leave the page: such items are kept here and merged back in.
 */
export function LearnerUpdateList() {
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
    return (
      <StatusMessage title="You are all caught up">Ratings to give, payment requests, replies from teachers and cancelled classes show up here.</StatusMessage>
    );
  }
  const waiting = shown.filter(needsFamily);
  const news = shown.filter((update) => !needsFamily(update));
  const section = (label: string, items: LearnerUpdate[]) =>
    items.length > 0 && (
      <div css={stack[2]}>
        {/* The section's heading is "For your family" and each item is an h3: the group is named by its list. */}
        <p aria-hidden="true" css={groupLabelStyle}>
          {label}
        </p>
        <CardList aria-label={label} css={groupListStyle}>
          {items.map((update) => (
            <li key={update.id}>
              <LearnerUpdateItem update={update} onSurveyDone={keep} />
            </li>
          ))}
        </CardList>
      </div>
    );
  return (
    <div css={stack[4]}>
      {section('Needs you', waiting)}
      {section('News', news)}
    </div>
  );
}
