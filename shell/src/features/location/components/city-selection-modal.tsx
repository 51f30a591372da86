import { useLocation, useNavigate } from 'react-router-dom';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { colors, space } from '@kalike/shared/ui/theme';

import { deviceLocationProblem } from '../device-location-problem';
import { mapScreenHref } from '../map-screen-href';
import { useDeviceLocationRequest } from '../request-device-location';
import { ModalDialog } from './modal-dialog';

interface CitySelectionModalProps {
  onClose: () => void;
}

const descriptionStyles = css({ margin: 0 });
const actionsStyles = css({ display: 'grid', gap: space(3) });
const statusStyles = css({ margin: 0, minHeight: '1.5em', color: colors.textMuted });

/**
 * Spec §2: shown while the location is pending. Its button asks the device; if that is
 * denied (refused, 5 s time-out, error) the learner picks on /map-screen and comes back.
 */
export function CitySelectionModal({ onClose }: CitySelectionModalProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { state, request } = useDeviceLocationRequest();
  const pickerHref = mapScreenHref(`${pathname}${search}`);

  const locateDevice = async () => {
    const outcome = await request();
    if (outcome.kind === 'allowed') onClose();
    else if (outcome.kind === 'denied') navigate(pickerHref);
  };

  const locating = state.kind === 'locating';
  return (
    <ModalDialog
      title="Where should we look for teachers?"
      description={<p css={descriptionStyles}>We show teachers and classes near you. Kalike is currently live only in Bengaluru.</p>}
      onClose={onClose}
    >
      <div css={actionsStyles}>
        <Button type="button" onClick={locateDevice} disabled={locating} aria-describedby="city-modal-status">
          {locating ? 'Finding your location…' : 'Use my current location'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => navigate(pickerHref)}>
          Search for my area
        </Button>
        <p id="city-modal-status" role="status" css={statusStyles}>
          {(state.kind === 'outside-service-area' || state.kind === 'lookup-failed') && `${deviceLocationProblem(state)} Search for your area instead.`}
        </p>
      </div>
    </ModalDialog>
  );
}
