import { sql } from 'kysely';
import { buildTestApp, TEST_ANCHOR_DATE, type TestApp } from '../../testing/build-test-app';

/**
 * What people type into the search box, with the answer they expect at the top, run against
 * the standard seed (deterministic: same seed and anchor date, same rows). The hit rate is the
 * share of queries whose first result is the expected one; it is printed and must not drop.
 */
const MG_ROAD = { lat: 12.9756, lng: 77.6066 };
const NOW = new Date(`${TEST_ANCHOR_DATE}T04:00:00Z`);
/** The lowest hit rate the search may fall to; raise it when search gets better. */
const MIN_HIT_RATE = 0.95;

interface Expectation {
  q: string;
  /** The first result is in one of these categories. */
  categories?: string[];
  /** The first result is the nearest in-person listing (of those categories) to this locality. */
  near?: string;
  /** The first result is this teacher's. */
  teacher?: string;
}

const subject = (q: string, ...categories: string[]): Expectation => ({ q, categories });
const around = (q: string, near: string, ...categories: string[]): Expectation => ({ q, near, ...(categories.length ? { categories } : {}) });

export const searchQualityTable: Expectation[] = [
  // Misspellings and transliterations of subjects
  subject('gitar', 'guitar'),
  subject('guitaar', 'guitar'),
  subject('gutiar', 'guitar'),
  subject('bharathanatyam', 'bharatanatyam'),
  subject('bharatnatyam', 'bharatanatyam'),
  subject('baratanatyam', 'bharatanatyam'),
  subject('bharatanatya classes', 'bharatanatyam'),
  subject('karnatic music', 'carnatic-vocal'),
  subject('carnatic vocals', 'carnatic-vocal'),
  subject('hindusthani', 'hindustani-vocal'),
  subject('hindustani music', 'hindustani-vocal'),
  subject('thabla', 'tabla'),
  subject('tabala', 'tabla'),
  subject('vina', 'veena'),
  subject('veenai', 'veena'),
  subject('katak', 'kathak'),
  subject('kathak dance', 'kathak'),
  subject('abacas', 'abacus'),
  subject('vedic maths', 'abacus'),
  subject('vedic math', 'abacus'),
  subject('spoken english', 'spoken-english'),
  subject('english speaking', 'spoken-english'),
  subject('maths tuition', 'maths-tuition'),
  subject('mathematics', 'maths-tuition', 'abacus'),
  subject('math tution', 'maths-tuition'),
  subject('keybord', 'keyboard'),
  subject('paino', 'keyboard'),
  subject('violen', 'violin'),
  subject('yoga for kids', 'yoga'),
  subject('swiming', 'swimming'),
  subject('chess coaching', 'chess'),
  subject('drawing', 'art-drawing'),
  subject('painting classes', 'art-drawing'),
  subject('coding for kids', 'coding'),
  subject('programing', 'coding'),
  subject('robotix', 'robotics'),
  subject('hip hop', 'western-dance'),
  subject('kannad', 'kannada'),
  subject('hindi tuition', 'hindi'),
  subject('frech', 'french'),
  subject('public speeking', 'public-speaking'),
  subject('science tution', 'science-tuition'),
  subject('physics', 'science-tuition'),
  // A subject and where to look
  around('guitar indiranagar', 'indiranagar', 'guitar'),
  around('maths in jayanagar', 'jayanagar', 'maths-tuition', 'abacus'),
  around('yoga koramangala', 'koramangala', 'yoga'),
  around('bharatanatyam malleshwaram', 'malleshwaram', 'bharatanatyam'),
  around('swimming whitefield', 'whitefield', 'swimming'),
  around('chess hsr layout', 'hsr-layout', 'chess'),
  around('kannada classes in jp nagar', 'jp-nagar', 'kannada'),
  around('tabla basavanagudi', 'basavanagudi', 'tabla'),
  around('keyboard koramangla', 'koramangala', 'keyboard'),
  around('carnatic vocal in rajajinagar', 'rajajinagar', 'carnatic-vocal'),
  // Pincodes
  around('560038', 'indiranagar'),
  around('560041', 'jayanagar'),
  around('guitar 560034', 'koramangala', 'guitar'),
  around('560066', 'whitefield'),
  // Teachers by name, as people spell them
  { q: 'raghav menon', teacher: 'Raghav Menon' },
  { q: 'madhuri gouda', teacher: 'Madhuri Gowda' },
  { q: 'shruthi chandrasekhar', teacher: 'Shruti Chandrashekar' },
  { q: 'varun misra', teacher: 'Varun Mishra' },
  { q: 'grace pai', teacher: 'Grace Pai' },
  { q: 'sneha deshpande', teacher: 'Sneha Deshpande' },
];

describe('search quality over real-world queries', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => NOW, seedSize: 'standard' });
  }, 120_000);

  afterAll(async () => {
    await testApp.close();
  });

  /** The nearest active in-person listing to a locality's centre, optionally within categories. */
  async function nearestTo(localitySlug: string, categories: string[] | undefined): Promise<string | undefined> {
    const row = await sql<{ id: string }>`
      select l.id from teacher_listings l
      join categories c on c.id = l.category_id
      cross join (select lat, lng from localities where slug = ${localitySlug}) p
      where l.is_active and l.mode <> 'online'
        ${categories ? sql`and c.slug = any(${categories}::text[])` : sql``}
      order by earth_distance(ll_to_earth(p.lat, p.lng), l.earth), l.id
      limit 1`.execute(testApp.db);
    return row.rows[0]?.id;
  }

  test('at least 40 queries, and the hit rate holds', async () => {
    expect(searchQualityTable.length).toBeGreaterThanOrEqual(40);
    const lines: string[] = [];
    let hits = 0;
    for (const expectation of searchQualityTable) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/v1/marketplace/teacherListings/search?lat=${MG_ROAD.lat}&long=${MG_ROAD.lng}&limit=5&q=${encodeURIComponent(expectation.q)}`,
      });
      expect(response.statusCode).toBe(200);
      const top = response.json().listings[0] as { id: string; category: { slug: string }; teacher: { name: string } } | undefined;
      let hit = top !== undefined;
      if (top && expectation.categories) hit &&= expectation.categories.includes(top.category.slug);
      if (top && expectation.teacher) hit &&= top.teacher.name === expectation.teacher;
      if (top && expectation.near) hit &&= top.id === (await nearestTo(expectation.near, expectation.categories));
      if (hit) hits++;
      lines.push(`${hit ? 'hit ' : 'MISS'}  ${expectation.q.padEnd(32)} → ${top ? `${top.category.slug} · ${top.teacher.name}` : '(nothing)'}`);
    }
    const rate = hits / searchQualityTable.length;
    console.log(`Search hit rate: ${hits}/${searchQualityTable.length} = ${(rate * 100).toFixed(1)}%\n${lines.join('\n')}`);
    expect(rate).toBeGreaterThanOrEqual(MIN_HIT_RATE);
  });
});
