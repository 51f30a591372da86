import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { useState, type ReactNode } from 'react';
import { act } from '@testing-library/react';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';

import { keepTextTypedIntoServerPage } from '@kalike/shared/federation/typed-before-hydration';

import { searchPlaceholder, SearchBox, serverSearchBox, textTypedBeforeThePageRan, textTypedInto } from './search-box';
import { searchTextMaxLength } from '../utils/search-text';

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

  it('keeps letters typed into the box while React takes the server-drawn page over, through later renders', async () => {
    function Page() {
      const [text, setText] = useState('');
      const [renders, setRenders] = useState(0);
      return (
        <>
          <SearchBox value={text} onChange={setText} onSubmit={() => undefined} />
          <button type="button" onClick={() => setRenders(renders + 1)}>
            Draw again
          </button>
        </>
      );
    }
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(themed(<Page />));
    // Typed after React read the page's state but before it took the box over.
    container.querySelector('input')!.value = 'gu';
    const root = await act(async () => hydrateRoot(container, themed(<Page />)));
    const box = container.querySelector('input')!;
    expect(box.value).toBe('gu');
    await act(async () => container.querySelector<HTMLButtonElement>('button[type="button"]')!.click());
    expect(box.value).toBe('gu');
    act(() => root.unmount());
    container.remove();
  });

  it('has a placeholder short enough for a 360 px phone, the label saying the rest', () => {
    expect(searchPlaceholder.length).toBeLessThanOrEqual(21);
    const html = renderToString(themed(<SearchBox value="" onChange={() => undefined} onSubmit={() => undefined} />));
    expect(html).toContain(`placeholder="${searchPlaceholder}"`);
  });

  it('takes up, once and no longer than the box allows, what was typed into a server box that React threw away', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(themed(<SearchBox value="" onChange={() => undefined} onSubmit={() => undefined} />));
    keepTextTypedIntoServerPage(container);
    const box = serverSearchBox()!;
    box.focus();
    box.value = 'g'.repeat(searchTextMaxLength + 5);
    expect(textTypedBeforeThePageRan()).toEqual({ text: 'g'.repeat(searchTextMaxLength), focused: false });
    // The page is drawn afresh (its code was still downloading when an update reached it).
    container.replaceChildren();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(serverSearchBox()).toBeNull();
    expect(textTypedBeforeThePageRan()).toEqual({ text: 'g'.repeat(searchTextMaxLength), focused: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(textTypedBeforeThePageRan()).toBeNull();
    container.remove();
  });
});
