import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';

import { SearchBox } from './search-box';

const themed = (node: ReactNode) => <AppThemeProvider>{node}</AppThemeProvider>;

describe('SearchBox on a page rendered by the server', () => {
  it('takes up what was typed before the page was hydrated', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(themed(<SearchBox value="" onChange={() => undefined} onSubmit={() => undefined} />));
    // The learner types while the page's code is still on its way.
    container.querySelector('input')!.value = 'carnatik vocal';
    const onChange = jest.fn();
    await act(async () => {
      hydrateRoot(container, themed(<SearchBox value="" onChange={onChange} onSubmit={() => undefined} />));
    });
    expect(onChange).toHaveBeenCalledWith('carnatik vocal');
  });

  it('is an ordinary search form until then: Enter or the button ask the server for /search?q=…', () => {
    const html = renderToString(themed(<SearchBox value="" onChange={() => undefined} onSubmit={() => undefined} />));
    expect(html).toMatch(/<form[^>]*action="\/search"[^>]*method="get"/);
    expect(html).toMatch(/<input[^>]*name="q"/);
    expect(html).toMatch(/<button[^>]*type="submit"/);
  });
});
