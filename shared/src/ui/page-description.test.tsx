import { render } from '@testing-library/react';

import { PageDescription } from './page-description';

const descriptions = () => [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map((meta) => meta.content);

afterEach(() => {
  document.head.innerHTML = '';
});

describe('PageDescription', () => {
  it("rewrites the site's one description while the page is shown and restores it after", () => {
    document.head.innerHTML = '<meta name="description" content="Find local teachers in Bengaluru.">';
    const { rerender, unmount } = render(<PageDescription>Kiran Rao teaches chess in Indiranagar.</PageDescription>);
    expect(descriptions()).toEqual(['Kiran Rao teaches chess in Indiranagar.']);
    rerender(<PageDescription>Kiran Rao teaches yoga in Indiranagar.</PageDescription>);
    expect(descriptions()).toEqual(['Kiran Rao teaches yoga in Indiranagar.']);
    unmount();
    expect(descriptions()).toEqual(['Find local teachers in Bengaluru.']);
  });

  it('adds a description where the document has none, and removes it again', () => {
    const { unmount } = render(<PageDescription>Chess teachers near you.</PageDescription>);
    expect(descriptions()).toEqual(['Chess teachers near you.']);
    unmount();
    expect(descriptions()).toEqual([]);
  });
});
