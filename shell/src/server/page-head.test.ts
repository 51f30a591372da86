import { readPageHead } from './page-head';

describe('readPageHead', () => {
  it('takes the title and the description out as text and keeps the other elements as markup', () => {
    const head = [
      '<title>Asha &amp; Ravi | Kalike</title>',
      '<meta name="description" content="Rated 4.9 &quot;brilliant&quot; by 40 learners"/>',
      '<link rel="canonical" href="https://k/x"/>',
      '<meta property="og:title" content="Asha"/>',
    ];
    expect(readPageHead(head)).toEqual({
      title: 'Asha & Ravi | Kalike',
      description: 'Rated 4.9 "brilliant" by 40 learners',
      headElements: ['<link rel="canonical" href="https://k/x"/>', '<meta property="og:title" content="Asha"/>'],
    });
  });

  it('leaves the title and the description null when the page has none', () => {
    expect(readPageHead([])).toEqual({ title: null, description: null, headElements: [] });
  });
});
