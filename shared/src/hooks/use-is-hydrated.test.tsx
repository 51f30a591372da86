import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';

import { useIsHydrated } from '@kalike/shared/hooks/use-is-hydrated';

function Probe() {
  return <p>{useIsHydrated() ? 'browser' : 'server'}</p>;
}

describe('useIsHydrated', () => {
  it('is false on the server and true in a page the browser renders', () => {
    expect(renderToString(<Probe />)).toBe('<p>server</p>');
    render(<Probe />);
    expect(screen.getByText('browser')).toBeInTheDocument();
  });
});
