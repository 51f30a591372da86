import { Link, useLocation } from 'react-router-dom';
import { css } from '@emotion/react';
import { useBaseLocation } from '@kalike/shared/location/location-store';
import * as paths from '@kalike/shared/routing/paths';
import { colors, space, font } from '@kalike/shared/ui/theme';

const nearStyles = css({ margin: `0 0 ${space(2)}`, color: colors.textMuted, fontSize: font.size.small });

/** Which point "near you" means, and a way to change it. */
export function NearLocation() {
  const { address, source } = useBaseLocation();
  const { pathname, search } = useLocation();
  return (
    <p css={nearStyles}>
      {source === 'default' ? `Near ${address} (Bengaluru)` : `Near ${address}`} · <Link to={paths.mapScreen(`${pathname}${search}`)}>Change location</Link>
    </p>
  );
}
