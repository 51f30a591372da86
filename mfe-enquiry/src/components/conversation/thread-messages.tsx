import { css } from '@emotion/react';
import type { Thread } from '@kalike/shared/contracts/conversations';
import { formatDateTime } from '@kalike/shared/format/dates';
import { plainList } from '@kalike/shared/ui/layout-styles';
import { captionText, mutedText } from '@kalike/shared/ui/text-styles';
import { colors, font, radius, space } from '@kalike/shared/ui/theme';

import { seenMessageId } from './thread-reading';

const bubble = css({
  display: 'grid',
  gap: space(1),
  maxWidth: '85%',
  padding: `${space(2)} ${space(3)}`,
  borderRadius: radius.medium,
  border: `1px solid ${colors.border}`,
  background: colors.surface,
  justifySelf: 'start',
  overflowWrap: 'anywhere',
});
const ownBubble = css({ justifySelf: 'end', background: colors.brandSoft, borderColor: colors.brandSoft });
const bodyText = css({ margin: 0, whiteSpace: 'pre-wrap' });
const metaRow = css({ display: 'flex', flexWrap: 'wrap', gap: space(2), fontSize: font.size.small, color: colors.textMuted });
const listStyle = css([plainList, { gap: space(3) }]);

/** The messages, oldest first; times in Bengaluru time; "Seen" under the caller's last message the other side has read. */
export function ThreadMessages({ thread }: { thread: Thread }) {
  const seen = seenMessageId(thread);
  if (thread.messages.length === 0) return <p css={mutedText}>No messages yet. Write the first one below.</p>;
  return (
    <ol css={listStyle} aria-label="Messages">
      {thread.messages.map((message) => (
        <li key={message.id} css={[bubble, message.own && ownBubble]}>
          <span css={metaRow}>
            <strong>{message.own ? 'You' : thread.otherName}</strong>
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </span>
          <p css={bodyText}>{message.body}</p>
          {message.masked && <span css={captionText}>Contact details are hidden until enrolment.</span>}
          {message.id === seen && <span css={captionText}>Seen</span>}
        </li>
      ))}
    </ol>
  );
}
