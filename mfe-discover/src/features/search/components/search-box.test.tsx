import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';

import { SearchBox, serverSearchBox, textTypedInto } from './search-box';

const themed = (node: ReactNode) => <AppThemeProvider>{node}</AppThemeProvider>;

describe('SearchBox on a page rendered by the server', () => {
  it("says what was typed into the server-drawn box before the page's code ran, and nothing otherwise", () => {
    expect(serverSearchBox()).toBeNull();
    expect(textTypedInto(null)).toBeNull();
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(themed(<SearchBox value="guitar" onChange={() => undefined} onSubmit={() => undefined} />));
    // Untouched: what the server drew is the URL's own text.
    const box = serverSearchBox();
    expect(box).not.toBeNull();
    expect(textTypedInto(box)).toBeNull();
    // The learner types while the page's code is still on its way.
    container.querySelector('input')!.value = 'guitar lessons';
    expect(textTypedInto(box)).toBe('guitar lessons');
    // Still readable once the page's own box has taken its place.
    container.remove();
    box!.value = 'guitar lessons near me';
    expect(textTypedInto(box)).toBe('guitar lessons near me');
  });

  it('is an ordinary search form until then: Enter or the button ask the server for /search?q=…', () => {
    const html = renderToString(themed(<SearchBox value="" onChange={() => undefined} onSubmit={() => undefined} />));
    expect(html).toMatch(/<form[^>]*action="\/search"[^>]*method="get"/);
    expect(html).toMatch(/<input[^>]*name="q"/);
    expect(html).toMatch(/<button[^>]*type="submit"/);
  });
});
