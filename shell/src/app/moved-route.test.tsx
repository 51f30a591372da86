import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { MovedRoute } from './moved-route';
import { movedRoutes, routeTable } from './route-table';

function WhereAmI() {
  const location = useLocation();
  return (
    <p>
      at {location.pathname}
      {location.search}
      {location.hash}
    </p>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {movedRoutes.map(({ from, to }) => (
          <Route key={from} path={from} element={<MovedRoute to={to} />} />
        ))}
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('moved routes', () => {
  it('takes the misspelt receipt address to /payment-success with its query and hash', () => {
    renderAt('/payment-sucess?orderId=o-1&razorpay_payment_id=pay_1&from=%2Fpay%2Fl-1#receipt');
    expect(screen.getByText('at /payment-success?orderId=o-1&razorpay_payment_id=pay_1&from=%2Fpay%2Fl-1#receipt')).toBeInTheDocument();
  });

  it('moves an old address with no query too', () => {
    renderAt('/payment-sucess');
    expect(screen.getByText('at /payment-success')).toBeInTheDocument();
  });

  it('sends each old address to a page of the route table, and no old address is still a page', () => {
    const paths = new Set(routeTable.map((entry) => entry.path));
    for (const { from, to } of movedRoutes) {
      expect(paths.has(to)).toBe(true);
      expect(paths.has(from)).toBe(false);
    }
  });
});
