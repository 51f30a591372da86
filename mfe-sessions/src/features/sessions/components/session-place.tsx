import { useTheme } from '@emotion/react';
import type { SessionPlace as Place } from '@kalike/shared/contracts/sessions';

import { safeExternalUrl } from '../../../utils/safe-links';

const linkStyles = { fontWeight: 600, minHeight: '44px', display: 'inline-flex', alignItems: 'center' } as const;

/** Where the class meets: the address with a map link, or the online room when it is shared (and why not, when it is withheld). */
export function SessionPlace({ place, showJoin }: { place: Place; showJoin: boolean }) {
  const theme = useTheme();
  if (place.kind === 'online') {
    const joinUrl = safeExternalUrl(place.joinUrl);
    if (!showJoin) return <p css={{ margin: 0 }}>Online</p>;
    return (
      <p css={{ margin: 0 }}>
        Online ·{' '}
        {joinUrl ? (
          <a href={joinUrl} target="_blank" rel="noopener noreferrer" css={{ ...linkStyles, color: theme.colors.brand }}>
            Join class
          </a>
        ) : place.withheld ? (
          // Not the family's yet (a seat held unpaid, no class pack in use): the API says why.
          <span css={{ color: theme.colors.textMuted }}>{place.withheld.message}</span>
        ) : (
          <span css={{ color: theme.colors.textMuted }}>the link to join comes before class</span>
        )}
      </p>
    );
  }
  const mapUrl = safeExternalUrl(place.mapUrl);
  return (
    <p css={{ margin: 0 }}>
      <span>{place.address}</span>
      {mapUrl && (
        <>
          {' · '}
          <a href={mapUrl} target="_blank" rel="noopener noreferrer" css={{ ...linkStyles, color: theme.colors.brand }}>
            Open in Maps
          </a>
        </>
      )}
    </p>
  );
}
