import { css } from '@emotion/react';
import { useState } from 'react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { CalendarFeedAudience } from '@kalike/shared/contracts/calendar-feeds';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { errorText, mutedText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { useCalendarFeed, useCreateCalendarFeed, useStopCalendarFeed } from '../api/calendar-feed';
import { openInCalendar } from '../utils/open-in-calendar';

/** The webcal:// link looks like the kit's button: it is the one tap to subscribe. */
const ButtonLink = Button.withComponent('a');

const buttonLinkStyle = css({ display: 'inline-flex', alignItems: 'center', boxSizing: 'border-box', textDecoration: 'none' });
const panelStyle = css({ marginBottom: space(4) });

const whatItDoes: Record<CalendarFeedAudience, string> = {
  learner:
    "Your phone's calendar shows every class of your family and keeps them up to date: cancelled classes, holidays, extra classes and booked demos show up on their own.",
  teacher:
    "Your phone's calendar shows every class of your batches and keeps them up to date: cancelled classes, holidays, extra classes and booked demos show up on their own.",
};

type Copied = 'copied' | 'failed' | null;

/**
 * "Add to calendar" for all classes at once: a private link calendar apps keep reading, so
 * cancellations and holidays reach the calendar. The link needs no sign-in, so the person can stop it.
 */
export function CalendarFeedPanel({ audience }: { audience: CalendarFeedAudience }) {
  const feedQuery = useCalendarFeed(audience);
  const create = useCreateCalendarFeed(audience);
  const stop = useStopCalendarFeed(audience);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState<Copied>(null);
  const feed = feedQuery.data?.feed ?? null;

  const add = () => create.mutate(undefined, { onSuccess: (made) => openInCalendar(made.webcalUrl) });
  const copy = async () => {
    try {
      const url = feed?.httpsUrl ?? (await create.mutateAsync()).httpsUrl;
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const stopSharing = () =>
    stop.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setCopied(null);
      },
    });

  const failure = feedQuery.isError ? feedQuery.error : create.isError ? create.error : stop.isError ? stop.error : null;

  return (
    <Card as="section" aria-labelledby={`calendar-feed-${audience}`} css={[stack[2], panelStyle]}>
      <h2 id={`calendar-feed-${audience}`} css={subsectionHeading}>
        Your classes in your calendar
      </h2>
      <p css={mutedText}>{whatItDoes[audience]}</p>
      <div css={wrapRow}>
        {feed ? (
          <ButtonLink href={feed.webcalUrl} css={buttonLinkStyle}>
            Add to calendar
          </ButtonLink>
        ) : (
          <Button type="button" onClick={add} disabled={feedQuery.isPending || create.isPending}>
            {create.isPending ? 'Making your link…' : 'Add to calendar'}
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={() => void copy()} disabled={feedQuery.isPending || create.isPending}>
          Copy link
        </Button>
      </div>
      <p role="status" css={mutedText}>
        {copied === 'copied' ? 'Link copied. Paste it into your calendar app as a calendar to subscribe to.' : ''}
      </p>
      {copied === 'failed' && (
        <p role="alert" css={errorText}>
          The link could not be copied. Tap “Add to calendar” instead.
        </p>
      )}
      {feed && !confirming && (
        <div>
          <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
            Stop sharing this calendar
          </Button>
        </div>
      )}
      {feed && confirming && (
        <div role="group" aria-label="Stop sharing this calendar" css={stack[2]}>
          <p css={mutedText}>Calendars that added this link stop getting your classes. You can add your calendar again later with a new link.</p>
          <div css={wrapRow}>
            <Button type="button" onClick={stopSharing} disabled={stop.isPending}>
              {stop.isPending ? 'Stopping…' : 'Yes, stop sharing'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Keep sharing
            </Button>
          </div>
        </div>
      )}
      {failure && (
        <p role="alert" css={errorText}>
          {readableErrorMessage(failure)}
        </p>
      )}
    </Card>
  );
}
