import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useIsHydrated } from '@kalike/shared/hooks/use-is-hydrated';
import { defaultLocation, locationStore, useLocationStore } from '@kalike/shared/location/location-store';

import { isAfterSignIn } from '../../app/after-sign-in';
import { shouldShowCityModal, shouldShowWelcome } from './city-selection-routes';
import { hasSeenWelcome, markWelcomeSeen } from './welcome-seen';

// A learner who has chosen a location never sees these, so their code (with the device
// location and reverse geocoding behind the city modal) loads only when one is due.
const WelcomeModal = lazy(() => import('./components/welcome-modal').then((module) => ({ default: module.WelcomeModal })));
const CitySelectionModal = lazy(() => import('./components/city-selection-modal').then((module) => ({ default: module.CitySelectionModal })));

/**
 * The location modals, at most one per visit (docs/product-decisions.md, "Location modals"):
 * - a first visit with no stored location gets the welcome, which offers the device
 *   location first; "Show in Bengaluru" stores the Bengaluru default instead, and either
 *   choice answers the city question, so the city modal never follows it;
 * - a later visit whose location is still pending gets the city-selection modal on the
 *   routes of spec §2;
 * - closing either one leaves the location pending (listings use the Bengaluru default)
 *   and keeps both away for the rest of the visit.
 */
export function LocationGate() {
  const { pathname, state } = useLocation();
  const status = useLocationStore((state) => state.status);
  const [welcomeDue, setWelcomeDue] = useState(() => locationStore.getState().location === null && !hasSeenWelcome());
  const [closedThisVisit, setClosedThisVisit] = useState(false);
  // The modals ask about this browser's visitor: the server, which renders for anyone, and the
  // browser's first render over the server's markup leave them out.
  const hydrated = useIsHydrated();

  // The first page after signing in shows what the person signed in for; the question can wait.
  if (closedThisVisit || !hydrated || isAfterSignIn(state)) return null;

  const close = () => {
    setWelcomeDue(false);
    setClosedThisVisit(true);
  };

  if (welcomeDue) {
    if (!shouldShowWelcome(pathname)) return null;
    const closeWelcome = () => {
      markWelcomeSeen();
      close();
    };
    return (
      <Suspense fallback={null}>
        <WelcomeModal
          onClose={closeWelcome}
          onLocated={closeWelcome}
          onShowInBengaluru={() => {
            locationStore.getState().choose(defaultLocation);
            closeWelcome();
          }}
        />
      </Suspense>
    );
  }

  if (status === 'pending' && shouldShowCityModal(pathname)) {
    return (
      <Suspense fallback={null}>
        <CitySelectionModal onClose={close} />
      </Suspense>
    );
  }
  return null;
}
