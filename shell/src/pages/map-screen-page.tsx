import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { Coords, Place } from '@kalike/shared/contracts/geo';
import { defaultLocation, locationStore } from '@kalike/shared/location/location-store';
import { Button } from '@kalike/shared/ui/button';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { useDebouncedValue } from '@kalike/shared/hooks/use-debounced-value';
import { theme, colors, space, radius, font } from '@kalike/shared/ui/theme';
import { mutedTextStyles } from '@kalike/shared/ui/form/form-styles';

import { isOutsideServiceArea, reverseGeocodeQueryOptions, type ResolvedAddress } from '../features/location/api/reverse-geocode';
import { LocationMap } from '../features/location/components/location-map';
import { PlacePicker } from '../features/location/components/place-picker';
import { useMapboxToken } from '../features/location/map-config';
import { redirectTargetFrom } from '../features/location/map-screen-href';
import { deviceLocationProblem } from '../features/location/device-location-problem';
import { useDeviceLocationRequest } from '../features/location/request-device-location';

/** How long the map must rest before its centre is looked up. */
export const pinLookupDebounceMs = 400;

type Selection = { kind: 'none' } | { kind: 'place'; address: ResolvedAddress } | { kind: 'pin'; coords: Coords };

const mutedStyles = css(mutedTextStyles(theme));
const deviceLocationStyles = css({ display: 'grid', gap: space(2), marginBottom: space(4) });
const statusStyles = css({ margin: 0, color: colors.textMuted });
const sectionStyles = css({ margin: `${space(4)} 0` });
const mapPanelStyles = css({
  marginTop: space(4),
  padding: space(4),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  background: colors.surface,
});
const headingStyles = css({ fontSize: font.size.body, margin: `0 0 ${space(1)}` });
const selectedAddressStyles = css({ margin: `0 0 ${space(3)}` });
const errorStyles = css({ color: colors.danger, margin: `0 0 ${space(3)}` });
const buttonStyles = css({ width: '100%' });

/**
 * `/map-screen` (spec §2): the learner searches a locality or pincode, or moves the map
 * under the pin, then confirms. Confirming stores the location and returns to
 * `redirectTo` / `refPage` when that is a path on this site, else to /discover.
 */
export default function MapScreenPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const tokenState = useMapboxToken();
  const [initialCenter] = useState(() => locationStore.getState().location?.coords ?? defaultLocation.coords);
  const [selection, setSelection] = useState<Selection>({ kind: 'none' });
  const [focus, setFocus] = useState<Coords | null>(null);
  const [refused, setRefused] = useState(false);
  const device = useDeviceLocationRequest();

  const pin = useDebouncedValue(selection.kind === 'pin' ? selection.coords : null, pinLookupDebounceMs);
  const pinLookup = useQuery({ ...reverseGeocodeQueryOptions(pin ?? initialCenter), enabled: pin !== null });
  const pinSettled = selection.kind === 'pin' && pin === selection.coords;

  let chosen: ResolvedAddress | null = null;
  if (selection.kind === 'place') chosen = selection.address;
  else if (pinSettled && pinLookup.isSuccess) chosen = pinLookup.data;

  const choosePlace = (place: Place) => {
    setRefused(false);
    setSelection({ kind: 'place', address: { address: place.address, pincode: place.pincode, coords: place.coords } });
    setFocus(place.coords);
  };

  const confirm = () => {
    if (!chosen) return;
    if (!locationStore.getState().choose({ ...chosen, source: 'picked' })) {
      setRefused(true);
      return;
    }
    navigate(redirectTargetFrom(searchParams), { replace: true });
  };

  const locateDevice = async () => {
    const outcome = await device.request();
    if (outcome.kind === 'allowed') navigate(redirectTargetFrom(searchParams), { replace: true });
  };
  const locating = device.state.kind === 'locating';
  const deviceProblem =
    device.state.kind === 'idle' || device.state.kind === 'locating' || device.state.kind === 'allowed' ? null : deviceLocationProblem(device.state);

  let addressLine: string;
  if (chosen) addressLine = chosen.address;
  else if (selection.kind === 'pin' && (!pinSettled || pinLookup.isPending)) addressLine = 'Finding the address…';
  else if (selection.kind === 'pin' && pinLookup.isError) {
    addressLine = isOutsideServiceArea(pinLookup.error)
      ? 'This spot is outside Bengaluru, where Kalike is live. Move the pin into Bengaluru or search for your area.'
      : 'We could not find an address here. Move the pin a little, or search for your area.';
  } else if (tokenState.status === 'ready' && tokenState.token === null) addressLine = 'Search for your area or pincode above.';
  else addressLine = 'Search for your area, or move the map to put the pin on your home.';

  return (
    <PageColumn>
      <PageTitle>Choose your location</PageTitle>
      <p css={mutedStyles}>Currently live only in Bengaluru.</p>

      <div css={deviceLocationStyles}>
        <Button type="button" variant="secondary" onClick={locateDevice} disabled={locating} aria-describedby="device-location-status">
          {locating ? 'Finding your location…' : 'Use my current location'}
        </Button>
        <p id="device-location-status" role="status" css={statusStyles}>
          {deviceProblem && `${deviceProblem} Search for your area instead.`}
        </p>
      </div>

      <PlacePicker onChoose={choosePlace} />

      {/* Without a map token there is no map to move: the search above is the whole screen. */}
      {tokenState.status === 'ready' && tokenState.token !== null && (
        <section aria-label="Map" css={sectionStyles}>
          <LocationMap
            token={tokenState.token}
            initialCenter={initialCenter}
            focus={focus}
            onCenterChange={(coords) => {
              setRefused(false);
              setSelection({ kind: 'pin', coords });
            }}
          />
        </section>
      )}

      <div css={mapPanelStyles}>
        <h2 css={headingStyles}>Selected location</h2>
        <p aria-live="polite" data-testid="selected-address" css={selectedAddressStyles}>
          {addressLine}
        </p>
        {refused && (
          <p role="alert" css={errorStyles}>
            This location cannot be used. Choose a place in Bengaluru.
          </p>
        )}
        <Button type="button" onClick={confirm} disabled={!chosen} css={buttonStyles}>
          Confirm this location
        </Button>
      </div>
    </PageColumn>
  );
}
