import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient } from '@kalike/shared/api/client';
import { createQueryClient } from '@kalike/shared/query/query-client';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { takeHomeRoute } from '@kalike/shared/testing/take-home-fixture';
import { TakeHomeLine } from '@kalike/shared/teacher-take-home/take-home-line';

function renderLine(pricePaise: number | null) {
  configureApiClient({ baseUrl: 'http://api.test' });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <QueryClientProvider client={client}>
      <TakeHomeLine pricePaise={pricePaise} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    setPrice: (next: number | null) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <TakeHomeLine pricePaise={next} />
        </QueryClientProvider>,
      ),
  };
}

describe('TakeHomeLine', () => {
  it('says what families pay and what the teacher receives, naming the GST and the fee, from the API', async () => {
    const fetch = installFakeApi({ 'GET /v1/payments/take-home': takeHomeRoute });
    renderLine(240_000);
    expect(await screen.findByText('Families pay ₹2,400.00, you receive ₹1,830.51')).toBeInTheDocument();
    expect(screen.getByText(/GST ₹366\.10 · Kalike's fee \(10% of the price before GST\) ₹203\.39/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks again once typing pauses, and never shows the last price’s figures for the new one', async () => {
    const fetch = installFakeApi({ 'GET /v1/payments/take-home': takeHomeRoute });
    const { setPrice } = renderLine(240_000);
    await screen.findByText(/you receive ₹1,830\.51/);
    setPrice(8_000);
    setPrice(80_000);
    expect(screen.queryByText(/₹1,830\.51/)).not.toBeInTheDocument();
    expect(screen.getByText('Working out what you receive…')).toBeInTheDocument();
    expect(await screen.findByText('Families pay ₹800.00, you receive ₹610.16')).toBeInTheDocument();
    // ₹80 was passed over while typing: only ₹2,400 and ₹800 were asked for.
    expect(fetch.mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input)).searchParams.get('pricePaise'))).toEqual([
      '240000',
      '80000',
    ]);
  });

  it('shows nothing for a price the API does not answer for', () => {
    const fetch = installFakeApi({});
    const { container, setPrice } = renderLine(null);
    expect(container).toBeEmptyDOMElement();
    setPrice(50);
    setPrice(10_000_001);
    expect(container).toBeEmptyDOMElement();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says so in a sentence, with no number, when the figures cannot be read', async () => {
    installFakeApi({ 'GET /v1/payments/take-home': () => json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' }, 500) });
    const { container } = renderLine(240_000);
    expect(await screen.findByText(/We could not work out what you receive just now/)).toBeInTheDocument();
    await waitFor(() => expect(container.textContent).not.toMatch(/₹/));
  });
});
