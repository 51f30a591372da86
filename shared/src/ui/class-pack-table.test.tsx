import { render, screen, within } from '@testing-library/react';

import type { ClassPackPlan } from '@kalike/shared/contracts/teacher-listings';
import { ClassPackTable } from '@kalike/shared/ui/class-pack-table';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';

const plans: ClassPackPlan[] = [
  {
    id: '5b0c1d2e-0000-4000-8000-000000000001',
    name: 'Monthly pack (8 classes)',
    classesCount: 8,
    pricePaise: 320_000,
    pricePerClassPaise: 40_000,
    validityDays: 45,
  },
  {
    id: '5b0c1d2e-0000-4000-8000-000000000002',
    name: 'Term pack (24 classes)',
    classesCount: 24,
    pricePaise: 864_000,
    pricePerClassPaise: 36_000,
    validityDays: 120,
  },
];

const renderTable = () =>
  render(
    <AppThemeProvider>
      <ClassPackTable plans={plans} />
    </AppThemeProvider>,
  );

describe('ClassPackTable', () => {
  it('hides no column behind a sideways scroll: it is not a scroll region', () => {
    renderTable();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Class packs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Pack', 'Classes', 'Price', 'Per class', 'Valid for']);
  });

  it("names each value's column on the value itself, for the stacked pack cards a phone shows", () => {
    renderTable();
    const row = within(screen.getByRole('row', { name: /Term pack/ }));
    expect(row.getByRole('rowheader')).toHaveTextContent('Term pack (24 classes)');
    expect(row.getAllByRole('cell').map((cell) => [cell.getAttribute('data-column'), cell.textContent])).toEqual([
      ['Classes', '24'],
      ['Price', '₹8,640'],
      ['Per class', '₹360'],
      ['Valid for', '120 days'],
    ]);
  });
});
