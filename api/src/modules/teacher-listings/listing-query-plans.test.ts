import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { learnerPoint } from '../../shared/learner-point';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createListingPageRepository, type ListingFilter, type ListingSortKind } from './listing-page.repository';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Order By'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

const ORIGIN = learnerPoint({ lat: 12.9716, long: 77.5946 });

/**
 * Each marketplace list shape must be answerable by the index built for it. The test seed is
 * small, so the planner would rightly read the table from end to end, or a whole category
 * through a bitmap and sort it; sequential and bitmap scans are turned off here (and only here)
 * to ask whether the index *can* serve the shape. If a query is rewritten so that its index no
 * longer applies, the plan falls back to a sequential scan or a sort of every candidate, and
 * the test fails. On the 100,000-listing bench the planner picks these plans unprompted
 * (docs/marketplace-api.md, "Query plans").
 */
describe('marketplace query plans', () => {
  let testApp: TestApp;
  let categoryId: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    const category = await testApp.db.selectFrom('categories').select('id').where('slug', '=', 'guitar').executeTakeFirstOrThrow();
    categoryId = category.id;
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** The plans of the queries the repository sends for one page, as it sends them. */
  async function plansOf(filter: Omit<ListingFilter, 'origin' | 'radiusM'>, sort: ListingSortKind): Promise<PlanNode[][]> {
    const sent: RootOperationNode[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node }) => {
        sent.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const repository = createListingPageRepository(testApp.db.withPlugin(capture));
    await repository.findPage({ origin: ORIGIN, radiusM: 25_000, ...filter }, sort, null, 21);
    const executor = testApp.db.getExecutor();
    return testApp.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const plans: PlanNode[][] = [];
      for (const node of sent) {
        const query = executor.compileQuery(node, { queryId: 'plan' });
        if (!/^\s*select/i.test(query.sql)) continue;
        const result = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
        );
        const row = result.rows[0];
        if (row) plans.push(flatten(row['QUERY PLAN'][0].Plan));
      }
      return plans;
    });
  }

  const indexScans = (plan: PlanNode[]) => plan.filter((node) => node['Index Name']).map((node) => node['Index Name']);
  /** An index scan of `index` handing rows over nearest-first, with `condition` (if given) tested inside the index. */
  const walksNearestFirst = (plan: PlanNode[], index: string, condition?: RegExp) =>
    plan.some(
      (node) =>
        node['Node Type'] === 'Index Scan' &&
        node['Index Name'] === index &&
        /<->/.test(node['Order By'] ?? '') &&
        (!condition || condition.test(node['Index Cond'] ?? '')),
    );
  const readsWholeTable = (plan: PlanNode[]) => plan.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'teacher_listings');

  test('nearest first in a category walks the (category, point) GiST index in distance order', async () => {
    const [walk] = await plansOf({ categoryId }, 'distance');
    expect(walk && walksNearestFirst(walk, 'teacher_listings_category_point_idx', /category_id =/)).toBe(true);
  });

  test('nearest first with search words walks the (point, words) GiST index in distance order', async () => {
    const [walk] = await plansOf({ wordGroups: [['guitar', 'guitars']] }, 'distance');
    expect(walk && walksNearestFirst(walk, 'teacher_listings_point_words_idx', /@@/)).toBe(true);
    // Every word matched (the first tier of a two-word search) is one tsquery on the same index.
    const [bothWords] = await plansOf({ wordGroups: [['guitar'], ['koramangala']] }, 'distance');
    expect(bothWords && walksNearestFirst(bothWords, 'teacher_listings_point_words_idx', /@@/)).toBe(true);
  });

  test.each([
    ['no filter', {}],
    ['the super teachers of the discover home', { badgeMask: 2 }],
  ])('nearest first with %s walks a GiST index on the point in distance order', async (_name, filter) => {
    const [walk] = await plansOf(filter, 'distance');
    // Any index led by the point serves; which one is the planner's call by size.
    const pointIndexes = ['teacher_listings_earth_point_idx', 'teacher_listings_point_words_idx', 'teacher_listings_super_teacher_point_idx'];
    expect(walk && pointIndexes.some((index) => walksNearestFirst(walk, index))).toBe(true);
  });

  test.each([
    ['rating', 'teacher_listings_category_rating_idx'],
    ['price_low', 'teacher_listings_category_price_idx'],
    ['price_high', 'teacher_listings_category_price_idx'],
  ] as const)('%s in a category reads the category index in that order', async (sort, index) => {
    const [page] = await plansOf({ categoryId }, sort);
    expect(page && indexScans(page)).toContain(index);
    expect(page && readsWholeTable(page)).toBe(false);
  });

  test.each(['rating', 'price_low'] as const)('search words sorted by %s never read the whole table', async (sort) => {
    const plans = await plansOf({ wordGroups: [['guitar']] }, sort);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(readsWholeTable(plan)).toBe(false);
  });
});
