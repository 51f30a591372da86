// The marketplace URLs real traffic asks, as a deterministic set: used by measure:api's
// marketplace scenario and by test:scale's load.

/** mulberry32: the same URL set on every run, so runs compare. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Category-listing and search URLs spread over the city: points across central Bengaluru,
 * every category, mostly nearest-first with some other sorts and filters, and search texts
 * made of category names, localities, typos, several words and empty text. The same `count`
 * URLs of each kind on every run, so runs compare.
 * @param {{ slug: string, name: string }[]} categoryList  as GET /v1/marketplace/categories lists them
 * @param {number} count  URLs of each kind
 * @param {number} [seed]  another seed gives other URLs
 */
export function marketplacePaths(categoryList, count, seed = 20260601) {
  const categories = categoryList.map((category) => ({ slug: category.slug, name: category.name.toLowerCase() }));
  const random = seededRandom(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const point = () => `lat=${(12.86 + random() * 0.24).toFixed(4)}&long=${(77.5 + random() * 0.25).toFixed(4)}`;
  const sort = () => pick(['', '', '', '', '', '', '&sort=rating', '&sort=price_low', '&sort=price_high']);
  const filter = () => pick(['', '', '', '', '&badges=verified', '&days=6,7', '&mode=at_home,at_centre', '&times=evening', '&age=8', '&radiusKm=5']);
  const localities = ['koramangala', 'indiranagar', 'whitefield', 'jayanagar', 'hsr layout', 'malleshwaram', 'hebbal', 'btm layout'];
  const typo = (word) => {
    const at = 1 + Math.floor(random() * (word.length - 2));
    return word.length > 4 ? word.slice(0, at) + word.slice(at + 1) : word;
  };
  const text = () =>
    pick([
      () => pick(categories).name,
      () => typo(pick(categories).name.split(/[^a-z]+/)[0]),
      () => `${pick(categories).name.split(' ')[0]} ${pick(localities)}`,
      () => pick(localities),
      () => `${pick(categories).name.split(' ')[0]} classes near me`,
      () => '',
    ])();
  const categoryPaths = new Set();
  const searchPaths = new Set();
  while (categoryPaths.size < count) {
    categoryPaths.add(`/v1/marketplace/categories/${pick(categories).slug}/teacherListings?${point()}${sort()}${filter()}`);
  }
  while (searchPaths.size < count) {
    const q = text();
    searchPaths.add(`/v1/marketplace/teacherListings/search?${point()}${q ? `&q=${encodeURIComponent(q)}` : ''}${sort()}${filter()}`);
  }
  return { categoryPaths: [...categoryPaths], searchPaths: [...searchPaths] };
}
