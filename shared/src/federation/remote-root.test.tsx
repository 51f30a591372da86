import { screen } from '@testing-library/react';

import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { RemoteRoot } from './remote-root';

jest.mock('@kalike/shared/federation/remote-build', () => ({ remoteBuild: 'candidate', remoteVersion: '0.1.0' }));

describe('RemoteRoot', () => {
  it('tells which build of the remote renders the page', () => {
    renderWithApp(
      <RemoteRoot remote="mfe_payments">
        <h1>Payment request</h1>
      </RemoteRoot>,
    );
    const root = screen.getByRole('heading', { name: 'Payment request' }).closest('[data-remote]');
    expect(root).toHaveAttribute('data-remote', 'mfe_payments');
    expect(root).toHaveAttribute('data-remote-build', 'candidate');
    expect(root).toHaveAttribute('data-remote-version', '0.1.0');
  });
});
