import { keepTextTypedIntoServerPage, takeTextTypedIntoServerPage } from '@kalike/shared/federation/typed-before-hydration';

/** The server's markup: a search form whose box the visitor may type into before any code runs. */
function serverPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = '<main><form role="search" action="/search" method="get"><input type="search" name="q" value=""></form></main>';
  document.body.appendChild(container);
  return container;
}

/** MutationObserver callbacks run as microtasks. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('text typed into a server-rendered page before its code took it over', () => {
  afterEach(async () => {
    // A taken text is dropped a moment later: within its own test.
    await observed();
    document.body.innerHTML = '';
    window.sessionStorage.clear();
  });

  it('is kept when the server box is thrown away with letters in it, and offered once', async () => {
    const container = serverPage();
    container.querySelector('input')!.value = 'gu';
    keepTextTypedIntoServerPage(container);
    // React draws the part afresh: the server's markup goes, a loading state comes.
    container.replaceChildren(document.createElement('p'));
    await observed();
    expect(takeTextTypedIntoServerPage('/search', 'q')).toEqual({ text: 'gu', focused: false });
    await observed();
    expect(takeTextTypedIntoServerPage('/search', 'q')).toBeNull();
  });

  it('says the visitor was typing in the box when it went with the caret in it', async () => {
    const container = serverPage();
    const box = container.querySelector('input')!;
    box.focus();
    box.value = 'gu';
    keepTextTypedIntoServerPage(container);
    container.replaceChildren();
    await observed();
    expect(takeTextTypedIntoServerPage('/search', 'q')).toEqual({ text: 'gu', focused: true });
  });

  it('does not say so when focus had moved on to something else', async () => {
    const container = serverPage();
    keepTextTypedIntoServerPage(container);
    const box = container.querySelector('input')!;
    box.focus();
    box.value = 'gu';
    const outside = document.createElement('button');
    document.body.appendChild(outside);
    outside.focus();
    container.replaceChildren();
    await observed();
    expect(takeTextTypedIntoServerPage('/search', 'q')).toEqual({ text: 'gu', focused: false });
  });

  it('keeps what was typed after start-up too, up to the moment the box goes', async () => {
    const container = serverPage();
    keepTextTypedIntoServerPage(container);
    container.querySelector('input')!.value = 'guit';
    container.replaceChildren();
    await observed();
    expect(takeTextTypedIntoServerPage('/search', 'q')?.text).toBe('guit');
  });

  it('offers nothing when the box stays (React took it over as it was) or nothing was typed', async () => {
    const kept = serverPage();
    kept.querySelector('input')!.value = 'gu';
    keepTextTypedIntoServerPage(kept);
    kept.querySelector('main')!.appendChild(document.createElement('p'));
    await observed();
    expect(takeTextTypedIntoServerPage('/search', 'q')).toBeNull();

    const untouched = serverPage();
    keepTextTypedIntoServerPage(untouched);
    untouched.replaceChildren();
    await observed();
    expect(takeTextTypedIntoServerPage('/search', 'q')).toBeNull();
  });

  it("forgets the last page load's text at start-up, and only answers for the same form and field", async () => {
    window.sessionStorage.setItem('kalike:typed-before-hydration', JSON.stringify({ '/search q': { text: 'old words', focused: false } }));
    const container = serverPage();
    container.querySelector('input')!.value = 'chess';
    keepTextTypedIntoServerPage(container);
    expect(takeTextTypedIntoServerPage('/search', 'q')).toBeNull();
    container.replaceChildren();
    await observed();
    expect(takeTextTypedIntoServerPage('/teachers', 'q')).toBeNull();
    expect(takeTextTypedIntoServerPage('/search', 'name')).toBeNull();
    expect(takeTextTypedIntoServerPage('/search', 'q')?.text).toBe('chess');
  });

  it('reads a stored value that is not its own shape as nothing', () => {
    window.sessionStorage.setItem('kalike:typed-before-hydration', '{"/search q": "words without their shape"}');
    expect(takeTextTypedIntoServerPage('/search', 'q')).toBeNull();
    window.sessionStorage.setItem('kalike:typed-before-hydration', 'not json');
    expect(takeTextTypedIntoServerPage('/search', 'q')).toBeNull();
  });
});
