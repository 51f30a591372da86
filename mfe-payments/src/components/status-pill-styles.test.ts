import { theme } from '@kalike/shared/ui/theme';

import { statusPill, statusPillTone } from './status-pill-styles';

describe('status pill styles', () => {
  it('tells due, paid and nothing-to-pay apart by colour', () => {
    expect(statusPillTone.due.styles).toContain(`color:${theme.colors.brandDark};`);
    expect(statusPillTone.paid.styles).toContain(`color:${theme.colors.success};`);
    expect(statusPillTone.void.styles).toContain(`background:${theme.colors.dangerSoft};`);
    expect(statusPill.styles).toContain(`border-radius:${theme.radius.pill};`);
  });
});
