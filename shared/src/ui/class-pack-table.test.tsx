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

describe('ClassPackTable', () => {
  it('sits in a named scroll region a keyboard can reach, so its columns can be scrolled to on a phone', () => {
    render(
      <AppThemeProvider>
        <ClassPackTable plans={plans} />
      </AppThemeProvider>,
    );
    const region = screen.getByRole('region', { name: 'Class packs' });
    expect(within(region).getByRole('table', { name: 'Class packs' })).toBeInTheDocument();
    // In the tab order, so the arrow keys can scroll it.
    expect(region).toHaveAttribute('tabindex', '0');
  });
});
