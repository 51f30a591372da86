import { Link, useLocation } from 'react-router-dom';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { colors, space } from '@kalike/shared/ui/theme';

import { deviceLocationProblem } from '../device-location-problem';
import { mapScreenHref } from '../map-screen-href';
import { useDeviceLocationRequest } from '../request-device-location';
import { ModalDialog } from './modal-dialog';

interface WelcomeModalProps {
  /** The device location was found and stored. */
  onLocated: () => void;
  /** "Show in Bengaluru": the caller stores the Bengaluru default and closes. */
  onShowInBengaluru: () => void;
  onClose: () => void;
}

const descriptionStyles = css({ margin: 0 });
const actionsStyles = css({ display: 'grid', gap: space(3), marginTop: space(1) });
const statusStyles = css({ margin: 0, minHeight: '1.5em', color: colors.textMuted });

/**
 * Spec §1: the first-visit welcome, worded as the spec says. The device location comes
 * first, so distances are measured from where the learner is; "Show in Bengaluru" stays
 * as the fallback for anyone who says no, whose phone takes longer than 5 s, or who would
 * rather not share it.
 */
export function WelcomeModal({ onLocated, onShowInBengaluru, onClose }: WelcomeModalProps) {
  const { pathname, search } = useLocation();
  const { state, request } = useDeviceLocationRequest();

  const locateDevice = async () => {
    const outcome = await request();
    if (outcome.kind === 'allowed') onLocated();
  };

  const locating = state.kind === 'locating';
  const problem = state.kind === 'idle' || state.kind === 'locating' || state.kind === 'allowed' ? null : deviceLocationProblem(state);
  return (
    <ModalDialog
      title="Discover and connect with top teachers near you."
      description={<p css={descriptionStyles}>Currently live only in Bengaluru.</p>}
      onClose={onClose}
    >
      <div css={actionsStyles}>
        <Button type="button" onClick={locateDevice} disabled={locating} aria-describedby="welcome-location-status">
          {locating ? 'Finding your location…' : 'Use my current location'}
        </Button>
        <Button type="button" variant="secondary" onClick={onShowInBengaluru}>
          Show in Bengaluru
        </Button>
        <p id="welcome-location-status" role="status" css={statusStyles}>
          {problem && (
            <>
              {problem} Show teachers across Bengaluru, or{' '}
              <Link to={mapScreenHref(`${pathname}${search}`)} onClick={onClose}>
                search for your area
              </Link>
              .
            </>
          )}
        </p>
      </div>
    </ModalDialog>
  );
}
