import type { FastifyInstance } from 'fastify';
import { parsePageChanges, type PageChanges } from '@kalike/shared/contracts/page-changes';
import { PAGE_CHANGES_SECRET_NAME, pageChangesSecretHeader } from '../modules/page-changes/page-changes-secret';
import { persistedSecret } from '../shared/persisted-secret';

const feedUrl = '/v1/marketplace/page-changes';

/** The header a web origin reads the feed with, for an app whose secret was generated into its database. */
export async function pageChangesHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  return { [pageChangesSecretHeader]: await persistedSecret(app.db, PAGE_CHANGES_SECRET_NAME) };
}

export async function readPageChanges(app: FastifyInstance, after?: string): Promise<PageChanges> {
  const response = await app.inject({
    method: 'GET',
    url: after === undefined ? feedUrl : `${feedUrl}?after=${encodeURIComponent(after)}`,
    headers: await pageChangesHeaders(app),
  });
  if (response.statusCode !== 200) throw new Error(`The page-change feed answered ${response.statusCode}: ${response.body}`);
  return parsePageChanges(response.json());
}

/** Where the page-change feed stands now, as a new poller starts. */
export async function pageChangesCursor(app: FastifyInstance): Promise<string> {
  return (await readPageChanges(app)).cursor;
}

/** The teachers whose public page changed after `cursor`, over every answer there is. */
export async function changedTeacherSlugs(app: FastifyInstance, cursor: string): Promise<string[]> {
  const slugs = new Set<string>();
  let after = cursor;
  for (;;) {
    const answer = await readPageChanges(app, after);
    if (answer.reset) throw new Error('The page-change feed answered a reset');
    for (const change of answer.changes) slugs.add(change.teacherSlug);
    after = answer.cursor;
    if (!answer.more) return [...slugs];
  }
}
