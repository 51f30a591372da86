import { colors, space, font } from '@kalike/shared/ui/theme';

import { errorText, mutedText, noMargin, pageIntro, sectionHeading } from './text-styles';

describe('text styles', () => {
  it('drops the browser margins where the surrounding stack sets the spacing', () => {
    expect(noMargin.styles).toBe('margin:0;');
    expect(mutedText.styles).toBe(`margin:0;color:${colors.textMuted};`);
    expect(sectionHeading.styles).toBe(`margin:0;font-size:${font.size.large};`);
  });

  it('says problems in the danger colour and keeps room under a page intro', () => {
    expect(errorText.styles).toContain(`color:${colors.danger};`);
    expect(pageIntro.styles).toBe(`margin:0 0 ${space(4)};`);
  });
});
