import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { e2ePorts, rememberedLocation } from '../playwright.config';

// Public pages come from the server (docs/server-rendering.md): what a crawler or a link
// preview reads without JavaScript is the page the learner then uses.

const locationCookie = (location: object) => `kalike_location=${encodeURIComponent(JSON.stringify(location))}`;
const indiranagar = locationCookie(rememberedLocation);

/** The page's text as a reader without JavaScript gets it: the markup of the root, tags and scripts removed. */
function rootText(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start, 'the page has a server-rendered root').toBeGreaterThan(-1);
  return html
    .slice(start)
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

async function serverHtml(request: APIRequestContext, url: string, cookie = indiranagar): Promise<string> {
  const response = await request.get(url, { headers: { cookie } });
  expect(response.status(), url).toBe(200);
  return response.text();
}

/** Links in the server's markup to teacher pages, in order. */
const teacherLinks = (html: string) => [...new Set([...html.matchAll(/href="(\/discover\/[^"]+\/teachers\/[^"?]+)"/g)].map((match) => match[1]))];

/** What the hydrated page shows of its teachers: the names on its cards (or the teacher page's heading) and prices. */
async function shownTeachers(page: Page): Promise<{ names: string[]; prices: string[] }> {
  const names = await page.locator('article h2 a, article h3 a, #page-content h1').allInnerTexts();
  const prices = (await page.locator('article').allInnerTexts()).flatMap((text) => text.match(/₹[\d,]+/g) ?? []);
  return { names: names.map((name) => name.trim()).filter(Boolean), prices };
}

function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/hydrat|did not match|didn't match|Minified React error #4(18|19|20|21|22|23|25)/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('pages rendered on the server', () => {
  test('each public page arrives with the teachers and prices the hydrated page shows, and hydrates without a mismatch', async ({ page, request }) => {
    const teachersHtml = await serverHtml(request, '/teachers');
    const [teacherPath] = teacherLinks(teachersHtml);
    expect(teacherPath).toBeTruthy();
    const categoriesHtml = await serverHtml(request, '/categories');
    const categoryPath = /href="(\/categories\/[a-z0-9-]+)"/.exec(categoriesHtml)?.[1];
    expect(categoryPath).toBeTruthy();

    const routes = ['/', '/discover', categoryPath!, '/search?q=guitar', '/teachers', '/meet', teacherPath!];
    for (const route of routes) {
      const html = await serverHtml(request, route);
      const text = rootText(html);
      const problems = watchHydration(page);
      await page.goto(route);
      await expect(page.locator('#page-content')).toBeVisible();
      await expect(page.locator('#page-content h1')).toBeVisible();
      if (route !== teacherPath) await expect(page.locator('article').first()).toBeVisible();
      const shown = await shownTeachers(page);
      expect(shown.names.length, `${route} shows teachers`).toBeGreaterThan(0);
      for (const name of shown.names.slice(0, 6)) expect(text, `${route}: "${name}" is in the server's HTML`).toContain(name);
      for (const price of shown.prices.slice(0, 6)) expect(text, `${route}: ${price} is in the server's HTML`).toContain(price);
      expect(problems, `${route} hydrates without warnings`).toEqual([]);
      if (route === teacherPath) {
        // The server's head elements and the page's own are one set once the page runs.
        await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
        await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
        await expect(page.locator('title')).toHaveCount(1);
      }
    }
  });

  test('the categories page is in the server HTML too', async ({ request }) => {
    const text = rootText(await serverHtml(request, '/categories'));
    expect(text).toContain('What would you like to learn?');
  });

  test('a teacher page carries its title, description, canonical link, link-preview tags and structured data without JavaScript', async ({ request }) => {
    const [teacherPath] = teacherLinks(await serverHtml(request, '/teachers'));
    const html = await serverHtml(request, teacherPath!);
    const head = html.slice(0, html.indexOf('</head>'));
    const title = /<title[^>]*>([^<]+)<\/title>/.exec(head)?.[1] ?? '';
    expect(title).toMatch(/teacher in .+, Bengaluru \| Kalike$/);
    expect(head.match(/<title/g)).toHaveLength(1);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(head).toMatch(/<meta name="description" content="[^"]*Classes from ₹/);
    // The canonical address names the teacher's main subject, whichever subject the link named.
    const slug = teacherPath!.split('/').pop()!;
    expect(head).toMatch(
      new RegExp(`<link data-server-head rel="canonical" href="http://127\\.0\\.0\\.1:${e2ePorts.shell}/discover/bengaluru/[a-z0-9-]+/teachers/${slug}"/>`),
    );
    for (const property of ['og:type', 'og:title', 'og:description', 'og:url', 'og:image']) expect(head).toContain(`property="${property}"`);
    for (const name of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) expect(head).toContain(`name="${name}"`);
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(jsonLd ?? 'null') as { '@type'?: string; name?: string };
    expect(data?.name).toBeTruthy();
    expect(title).toContain(data.name!);
  });

  test('requests rendered at the same time never see each other: two locations and two teachers at once', async ({ request }) => {
    const [firstTeacher, secondTeacher] = teacherLinks(await serverHtml(request, '/teachers'));
    expect(secondTeacher).toBeTruthy();
    const elsewhere = { address: 'Whitefield, Bengaluru, Karnataka 560066', coords: { lat: 12.9698, lng: 77.75 }, pincode: '560066', source: 'picked' };
    const cases = [firstTeacher!, secondTeacher!].flatMap((teacherPath) => [rememberedLocation, elsewhere].map((location) => ({ teacherPath, location })));
    // Each asked twice at once, with a query that no cache holds, so every answer is rendered now.
    const round = Date.now();
    const answers = await Promise.all(
      [...cases, ...cases].map(async ({ teacherPath, location }, index) => {
        const html = await serverHtml(request, `${teacherPath}?at=${round}-${index}`, locationCookie(location));
        return { teacherPath, location, html };
      }),
    );
    for (const { teacherPath, location, html } of answers) {
      const pageData = JSON.parse(/<script id="kalike-page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
        queries: { queryKey: unknown[] }[];
      };
      const keys = JSON.stringify(pageData.queries.map((query) => query.queryKey));
      const slug = teacherPath.split('/').pop()!;
      const other = (teacherPath === firstTeacher ? secondTeacher : firstTeacher)!.split('/').pop()!;
      expect(keys, 'the page holds its own teacher').toContain(slug);
      expect(keys, "and not the other request's").not.toContain(other);
      expect(keys, 'measured from its own location').toContain(String(location.coords.lng));
      const otherLng = String((location === elsewhere ? rememberedLocation : elsewhere).coords.lng);
      expect(keys, "not the other request's location").not.toContain(otherLng);
      expect(html).toMatch(new RegExp(`rel="canonical" href="http://127\\.0\\.0\\.1:${e2ePorts.shell}/discover/bengaluru/[a-z0-9-]+/teachers/${slug}"`));
    }
  });
});

/**
 * A copy of the discover remote on an origin of its own, and a second shell that lists it:
 * the copy can be broken and redeployed while the suite's own apps keep running.
 */
test.describe('the discover remote redeployed or broken, under a running shell', () => {
  test.describe.configure({ mode: 'serial' });
  const copyPort = 4106;
  const shellPort = 4107;
  const repoRoot = path.resolve(__dirname, '../..');
  let copyDir: string;
  let stopCopy: () => Promise<void>;
  let shell: ChildProcess | undefined;
  const shellUrl = `http://127.0.0.1:${shellPort}`;

  test.beforeAll(async () => {
    copyDir = mkdtempSync(path.join(os.tmpdir(), 'kalike-discover-copy-'));
    cpSync(path.join(repoRoot, 'mfe-discover', 'dist'), copyDir, { recursive: true });
    const { serveApp } = (await import(path.join(repoRoot, 'scripts', 'serve-app.mjs'))) as {
      serveApp: (options: object) => Promise<{ server: { close: () => Promise<void> } }>;
    };
    const copy = await serveApp({ dir: 'mfe-discover', distDir: copyDir, port: copyPort, apiUrl: `http://127.0.0.1:${e2ePorts.api}` });
    stopCopy = () => copy.server.close();
  });

  test.afterAll(async () => {
    shell?.kill('SIGTERM');
    await stopCopy?.();
    rmSync(copyDir, { recursive: true, force: true });
  });

  async function startShell() {
    shell = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'serve-app.mjs'), 'shell'], {
      env: {
        ...process.env,
        SHELL_PORT: String(shellPort),
        DISCOVER_PORT: String(copyPort),
        ENQUIRY_PORT: String(e2ePorts.mfe_enquiry),
        PAYMENTS_PORT: String(e2ePorts.mfe_payments),
        PAYMENTS_CANDIDATE_PORT: String(e2ePorts.mfe_payments_candidate),
        SESSIONS_PORT: String(e2ePorts.mfe_sessions),
        API_PORT: String(e2ePorts.api),
      },
      stdio: 'ignore',
    });
    await expect.poll(async () => (await fetch(`${shellUrl}/remotes.json`).catch(() => null))?.status, { timeout: 20_000 }).toBe(200);
  }

  const serverEntry = () => path.join(copyDir, 'server', 'remoteEntry.js');

  test('a remote whose server build cannot be loaded still renders its page, in the browser', async ({ page }) => {
    renameSync(serverEntry(), `${serverEntry()}.away`);
    await startShell();
    const response = await fetch(`${shellUrl}/discover`, { headers: { cookie: indiranagar } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<div id=(?:"root"|root)><\/div>/);
    expect(html).not.toContain('kalike-page-data');

    await page.goto(`${shellUrl}/discover`);
    await expect(page.getByRole('heading', { level: 1, name: 'Discover and connect with top teachers near you.' })).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
    renameSync(`${serverEntry()}.away`, serverEntry());
    // Once it is back, the next request renders on the server again.
    await expect
      .poll(async () => (await (await fetch(`${shellUrl}/discover`, { headers: { cookie: indiranagar } })).text()).includes('kalike-page-data'), {
        timeout: 20_000,
      })
      .toBe(true);
  });

  test('a server build the registry does not pin is never run: the pinned one keeps serving, and a fresh server renders in the browser', async () => {
    const before = 'Discover and connect with top teachers near you.';
    const after = 'Discover and meet the best teachers near you.';
    expect(rootText(await (await fetch(`${shellUrl}/discover`, { headers: { cookie: indiranagar } })).text())).toContain(before);
    // A server build changed on the remote's origin (its chunk and its entry) while the
    // registry still pins the one built with the suite: what was checked keeps serving.
    const serverDir = path.join(copyDir, 'server');
    let changed = 0;
    for (const file of readdirSync(serverDir).filter((name) => name.endsWith('.js'))) {
      const text = readFileSync(path.join(serverDir, file), 'utf8');
      if (text.includes(before)) {
        writeFileSync(path.join(serverDir, file), text.replaceAll(before, after));
        changed += 1;
      }
    }
    expect(changed).toBeGreaterThan(0);
    writeFileSync(serverEntry(), `${readFileSync(serverEntry(), 'utf8')}\n// redeployed ${Date.now()}\n`);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const kept = await (await fetch(`${shellUrl}/discover?fresh=${Date.now()}`, { headers: { cookie: indiranagar } })).text();
    expect(rootText(kept)).toContain(before);
    expect(kept).not.toContain(after);
    expect(shell?.exitCode).toBeNull();

    // A shell's server started now checks the changed build against the same registry and
    // refuses it: the page is still there, rendered in the browser.
    const stopped = new Promise((resolve) => shell?.once('exit', resolve));
    shell?.kill('SIGTERM');
    await stopped;
    await startShell();
    const refused = await (await fetch(`${shellUrl}/discover`, { headers: { cookie: indiranagar } })).text();
    expect(refused).toMatch(/<div id=(?:"root"|root)><\/div>/);
    expect(refused).not.toContain('kalike-page-data');
    expect(refused).not.toContain(after);
  });
});
