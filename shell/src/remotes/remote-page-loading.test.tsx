import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import type { RemoteName, RemotePageName } from '@kalike/shared/federation/remote-pages';

import { setFakeRemoteLoader } from './testing/federation-runtime-fake';
import { RemotePage } from './remote-page';
import { serveRegistryAndSilenceFailureLogs } from './testing/remote-page-setup';

serveRegistryAndSilenceFailureLogs();

// A remote whose code is still on its way on a slow link: the load never settles here.
async function renderWhileDownloading(remote: RemoteName, page: RemotePageName, at: string) {
  setFakeRemoteLoader(() => new Promise(() => {}));
  return act(async () =>
    render(
      <AppThemeProvider>
        <MemoryRouter initialEntries={[at]}>
          <RemotePage remote={remote} page={page} />
        </MemoryRouter>
      </AppThemeProvider>,
    ),
  );
}

describe('RemotePage while its code downloads', () => {
  it('back from the payment gateway, says the payment is being confirmed and not to close the page, not grey boxes', async () => {
    await renderWhileDownloading(
      'mfe_payments',
      'payment-success',
      '/payment-success?orderId=o-1&razorpay_order_id=order_1&razorpay_payment_id=pay_1&razorpay_signature=abc',
    );
    expect(screen.getByRole('status', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(screen.getByText("Please don't close this page. It takes a few seconds, and you are not charged twice.")).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading Payments' })).not.toBeInTheDocument();
  });

  it('shows the usual placeholder for any other page', async () => {
    await renderWhileDownloading('mfe_discover', 'teachers', '/teachers?q=chess');
    expect(screen.getByRole('status', { name: 'Loading Discover' })).toBeInTheDocument();
  });
});
