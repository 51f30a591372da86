import { css } from '@emotion/react';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

interface EnquireBarProps {
  teacherName: string;
  /** What the class the learner came for costs from, already formatted ("From ₹1,500"). */
  priceLine: string | null;
  href: string;
  onEnquire: () => void;
}

// Sticky, not fixed: it follows the reader down a long page, yet stays in the page's flow,
// so at the end of the page it sits below the last review and covers nothing. The teacher
// page shows no tab bar, so the bottom of the screen is free.
const barStyles = css({
  position: 'sticky',
  bottom: 0,
  zIndex: 20,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: `${space(2)} ${space(3)}`,
  marginTop: space(8),
  padding: `${space(3)} ${space(4)} calc(${space(3)} + env(safe-area-inset-bottom, 0px))`,
  borderTop: `1px solid ${colors.border}`,
  borderRadius: `${radius.medium} ${radius.medium} 0 0`,
  background: colors.brandSoft,
  boxShadow: '0 -4px 12px rgba(27, 31, 35, 0.08)',
});
const textStyles = css({ margin: 0, fontSize: font.size.small, minWidth: 0, overflowWrap: 'anywhere' });

/** "Enquire" always at hand at the bottom of the screen, however far down the page the learner reads. */
export function EnquireBar({ teacherName, priceLine, href, onEnquire }: EnquireBarProps) {
  return (
    <div role="region" aria-label={`Enquire with ${teacherName}`} css={barStyles}>
      <p css={textStyles}>
        Ask {teacherName} about batches, fees or a demo class.
        {priceLine && (
          <>
            {' '}
            <strong>{priceLine}</strong>
          </>
        )}
      </p>
      <LinkButton to={href} onClick={onEnquire}>
        Enquire with {teacherName}
      </LinkButton>
    </div>
  );
}
