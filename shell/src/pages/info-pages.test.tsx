import { screen, within } from '@testing-library/react';
import { fullRefundDays, refundPolicyRules } from '@kalike/shared/domain/refund-policy';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { TermsPage } from './info-pages';

describe('/terms-and-conditions', () => {
  it('states the refund policy the API refunds by, from the same data', () => {
    renderWithApp(<TermsPage />, { path: '/terms-and-conditions' });
    const heading = screen.getByRole('heading', { name: 'Cancellations and refunds' });
    const list = heading.nextElementSibling as HTMLElement;
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(refundPolicyRules.map((rule) => rule.text));
    expect(items[0]).toContain(`within ${fullRefundDays} days of paying`);
  });
});
