import { theme } from '@kalike/shared/ui/theme';

import { errorText, mutedText, noMargin, pageIntro, sectionHeading } from './text-styles';

describe('text styles', () => {
  it('drops the browser margins where the surrounding stack sets the spacing', () => {
    expect(noMargin.styles).toBe('margin:0;');
    expect(mutedText.styles).toBe(`margin:0;color:${theme.colors.textMuted};`);
    expect(sectionHeading.styles).toBe(`margin:0;font-size:${theme.font.size.large};`);
  });

  it('says problems in the danger colour and keeps room under a page intro', () => {
    expect(errorText.styles).toContain(`color:${theme.colors.danger};`);
    expect(pageIntro.styles).toBe(`margin:0 0 ${theme.space(4)};`);
  });
});
