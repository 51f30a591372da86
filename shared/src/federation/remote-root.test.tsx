import { act, screen } from '@testing-library/react';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';

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

  it("lets React take the server's page over while the page's own code is still downloading, and tags it for the tests", async () => {
    const client = new QueryClient();
    const tree = (page: ReactNode) => (
      <AppThemeProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <RemoteRoot remote="mfe_discover">{page}</RemoteRoot>
          </MemoryRouter>
        </QueryClientProvider>
      </AppThemeProvider>
    );
    const ServerPage = () => <input aria-label="Search" name="q" defaultValue="" />;
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(tree(<ServerPage />));
    const serverBox = container.querySelector('input')!;
    serverBox.value = 'gu';
    // The page's chunk is still on its way when React takes the page over.
    let arrive: (module: { default: ComponentType }) => void = () => undefined;
    const Page = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    const root = await act(async () => hydrateRoot(container, tree(<Page />)));
    // The server's markup stays (no loading state in its place), typed letters and all.
    expect(container.querySelector('input')).toBe(serverBox);
    expect(serverBox.value).toBe('gu');
    expect(container.querySelector('[role="status"]')).toBeNull();
    const tagged = container.querySelector('[data-remote]');
    expect(tagged?.getAttribute('data-query-client')).toMatch(/^[a-z0-9]+$/);
    expect(tagged?.getAttribute('data-user-store')).toMatch(/^[a-z0-9]+$/);
    await act(async () => arrive({ default: ServerPage }));
    expect(container.querySelector('input')).toBe(serverBox);
    expect(serverBox.value).toBe('gu');
    act(() => root.unmount());
    container.remove();
  });
});
