import { splitHoistedHead } from './split-head';

describe('splitHoistedHead', () => {
  it('takes the run of title, meta and link elements React puts first, and leaves the rest for the root', () => {
    const markup =
      '<title>Asha | Kalike</title><meta name="description" content="Rated 4.9"/><link rel="canonical" href="https://k/x"/><meta property="og:title" content="Asha"/>' +
      '<div><script type="application/ld+json">{}</script><title>not hoisted</title></div>';
    expect(splitHoistedHead(markup)).toEqual({
      head: [
        '<title>Asha | Kalike</title>',
        '<meta name="description" content="Rated 4.9"/>',
        '<link rel="canonical" href="https://k/x"/>',
        '<meta property="og:title" content="Asha"/>',
      ],
      body: '<div><script type="application/ld+json">{}</script><title>not hoisted</title></div>',
    });
  });

  it('returns markup with no hoisted elements whole', () => {
    expect(splitHoistedHead('<div data-shell="true"></div>')).toEqual({ head: [], body: '<div data-shell="true"></div>' });
  });
});
