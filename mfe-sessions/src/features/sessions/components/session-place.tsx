import { css } from '@emotion/react';
import type { SessionPlace as Place } from '@kalike/shared/contracts/sessions';
import { mutedColor, noMargin } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { safeExternalUrl } from '../../../utils/safe-links';

const linkStyles = { fontWeight: 600, minHeight: '44px', display: 'inline-flex', alignItems: 'center' } as const;

const joinLinkStyle = css({ ...linkStyles, color: colors.brand });

/** Where the class meets: the address with a map link, or the online room when it is shared (and why not, when it is withheld). */
export function SessionPlace({ place, showJoin }: { place: Place; showJoin: boolean }) {
  if (place.kind === 'online') {
    const joinUrl = safeExternalUrl(place.joinUrl);
    if (!showJoin) return <p css={noMargin}>Online</p>;
    return (
      <p css={noMargin}>
        Online ·{' '}
        {joinUrl ? (
          <a href={joinUrl} target="_blank" rel="noopener noreferrer" css={joinLinkStyle}>
            Join class
          </a>
        ) : place.withheld ? (
          // Not the family's yet (a seat held unpaid, no class pack in use): the API says why.
          <span css={mutedColor}>{place.withheld.message}</span>
        ) : (
          <span css={mutedColor}>the link to join comes before class</span>
        )}
      </p>
    );
  }
  const mapUrl = safeExternalUrl(place.mapUrl);
  return (
    <p css={noMargin}>
      <span>{place.address}</span>
      {mapUrl && (
        <>
          {' · '}
          <a href={mapUrl} target="_blank" rel="noopener noreferrer" css={joinLinkStyle}>
            Open in Maps
          </a>
        </>
      )}
    </p>
  );
}
