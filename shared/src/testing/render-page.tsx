import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithApp, type RenderOptions } from '@kalike/shared/testing/render-with-app';

/** Shows the router's current URL, so a test can read where the page went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders a page at `path` matching `route`, with a probe of the current URL that stays
 * after the page navigates elsewhere (to sign-in, /404, the next step).
 */
export function renderPage(ui: ReactElement, { path, route, queryClient }: Required<Pick<RenderOptions, 'path' | 'route'>> & RenderOptions) {
  return renderWithApp(
    <Routes>
      <Route
        path={route}
        element={
          <>
            {ui}
            <LocationProbe />
          </>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path, route: '*', queryClient },
  );
}

/** The URL the router is at now. */
export const currentPath = () => screen.getByTestId('location').textContent ?? '';
