import { css } from '@emotion/react';
import type { ReviewReply as Reply } from '@kalike/shared/contracts/teacher-listings';
import { formatDate } from '@kalike/shared/format/dates';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

const replyStyles = css({
  margin: `${space(3)} 0 0`,
  padding: `${space(2)} ${space(3)}`,
  borderLeft: `3px solid ${colors.brand}`,
  borderRadius: radius.small,
  background: colors.background,
});
const replyMetaStyles = css({ margin: 0, fontSize: font.size.small, color: colors.textMuted });
const replyTextStyles = css({ margin: `${space(1)} 0 0`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** The teacher's public reply under a review: on the teacher page and in the teacher's own list. */
export function ReviewReply({ reply, by }: { reply: Reply; by: string }) {
  return (
    <div css={replyStyles}>
      <p css={replyMetaStyles}>
        {by} · {formatDate(reply.repliedAt)}
      </p>
      <p css={replyTextStyles}>{reply.text}</p>
    </div>
  );
}
