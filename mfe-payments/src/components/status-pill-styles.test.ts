import { colors, radius } from '@kalike/shared/ui/theme';

import { statusPill, statusPillTone } from './status-pill-styles';

describe('status pill styles', () => {
  it('tells due, paid and nothing-to-pay apart by colour', () => {
    expect(statusPillTone.due.styles).toContain(`color:${colors.brandDark};`);
    expect(statusPillTone.paid.styles).toContain(`color:${colors.success};`);
    expect(statusPillTone.void.styles).toContain(`background:${colors.dangerSoft};`);
    expect(statusPill.styles).toContain(`border-radius:${radius.pill};`);
  });
});
