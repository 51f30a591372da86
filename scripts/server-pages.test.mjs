// The web origin's part of server rendering: how a rendered page is put into the shell's HTML,
// and how rendered pages are cached, shared and dropped when the page-change feed speaks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { composePage, createServerPages, renderBudgetFrom, serverRenderingFrom } from './server-pages.mjs';

const template =
  '<!doctype html><html lang=en-IN><head><meta charset=utf-8><meta name=description content="Site-wide words."><title>Kalike</title></head>' +
  '<body><noscript>Kalike needs JavaScript.</noscript><div id=root></div><script defer src=/main.js></script></body></html>';

function rendered({ name = 'category', teacherSlug = null, complete = true, body = '<p>Teachers</p>', point = { lat: 12.98, lng: 77.59 } } = {}) {
  return {
    kind: 'rendered',
    status: 200,
    body,
    title: 'Music & dance <near> you | Kalike',
    description: 'Teachers "near" you',
    headElements: ['<link rel="canonical" href="https://kalike.example/x"/>', '<meta property="og:title" content="T"/>'],
    styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
    pageData: '{"mutations":[],"queries":[]}',
    complete,
    page: { remote: 'mfe_discover', name, teacherSlug, point },
  };
}

describe('composePage', () => {
  const html = composePage(template, rendered());

  test("puts the page's title and description in place of the site's, escaped, keeping the site's for the browser", () => {
    assert.match(html, /<title data-server-head>Music &amp; dance &lt;near&gt; you \| Kalike<\/title>/);
    assert.match(html, /<meta name="description" content="Teachers &quot;near&quot; you" data-site-description="Site-wide words.">/);
    assert.equal(html.match(/<title/g).length, 1);
    assert.equal(html.match(/name="?description/g).length, 1);
  });

  test('adds the other head elements, marked, and the styles, in the head', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    assert.ok(head.includes('<link data-server-head rel="canonical" href="https://kalike.example/x"/>'));
    assert.ok(head.includes('<meta data-server-head property="og:title" content="T"/>'));
    assert.ok(head.includes('<style data-emotion="css abc">'));
  });

  test('fills the root, adds the page data after it, and drops the no-JavaScript notice', () => {
    assert.ok(
      html.includes('<div id="root"><p>Teachers</p></div><script id="kalike-page-data" type="application/json">{"mutations":[],"queries":[]}</script>'),
    );
    assert.ok(!html.includes('<noscript>'));
  });

  test('markup with $ patterns is inserted as it is', () => {
    const tricky = composePage(template, rendered({ body: "<p>$& $' $1 ₹2,400</p>" }));
    assert.ok(tricky.includes("<p>$& $' $1 ₹2,400</p>"));
  });
});

describe('settings', () => {
  test('the render budget is a whole number of milliseconds within bounds', () => {
    assert.equal(renderBudgetFrom({}), 800);
    assert.equal(renderBudgetFrom({ SERVER_RENDER_BUDGET_MS: '1500' }), 1500);
    for (const bad of ['0', '49', '10001', '1.5', 'soon']) assert.throws(() => renderBudgetFrom({ SERVER_RENDER_BUDGET_MS: bad }), /SERVER_RENDER_BUDGET_MS/);
  });

  test('server rendering is on unless turned off', () => {
    assert.equal(serverRenderingFrom({}), true);
    assert.equal(serverRenderingFrom({ SERVER_RENDERING: 'off' }), false);
    assert.throws(() => serverRenderingFrom({ SERVER_RENDERING: 'no' }), /SERVER_RENDERING/);
  });
});

/** A renderer that renders by counting, and a feed that answers what the test says. */
function harness({ feed = [{ cursor: '0', changes: [] }], policy } = {}) {
  const renders = [];
  const renderer = {
    cacheKey: (request) => (request.url.startsWith('/account') ? null : `${request.url}|${request.cookieHeader ?? ''}`),
    render: async (request) => {
      renders.push(request.url);
      const teacherSlug = request.url.startsWith('/discover/') ? request.url.split('/').pop() : null;
      return rendered({ name: teacherSlug ? 'teacher' : 'category', teacherSlug, body: `<p>render ${renders.length}</p>` });
    },
    // The shell's build checks answers with the feed's contract; here they are taken as sent,
    // and a wrong shape is refused the same way.
    parsePageChanges: (value) => {
      if (typeof value?.cursor !== 'string' || !Array.isArray(value?.changes)) throw new Error('Not a page-changes answer');
      return value;
    },
    close: () => undefined,
  };
  const answers = [...feed];
  const feedRequests = [];
  const feedSecrets = [];
  const apiFetch = async (request) => {
    feedRequests.push(request.url);
    feedSecrets.push(request.headers.get('x-page-changes-secret'));
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    // `{ status, code }` stands for the API refusing the request.
    const status = typeof answer?.status === 'number' ? answer.status : 200;
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  };
  return { renders, renderer, apiFetch, feedRequests, feedSecrets, policy };
}

const openOptions = (h) => ({
  renderer: h.renderer,
  apiFetch: h.apiFetch,
  apiOrigin: 'http://api.test',
  feedIntervalMs: 60_000,
  policy: h.policy,
  log: () => undefined,
});
const open = (h) => createServerPages(openOptions(h));

describe('the page cache', () => {
  test('a page is rendered once and then served from memory; pages the server does not render are left alone', async () => {
    const h = harness();
    const pages = await open(h);
    const first = await pages.render({ url: '/categories/music', origin: 'http://x' });
    const second = await pages.render({ url: '/categories/music', origin: 'http://x' });
    assert.equal(first.body, second.body);
    assert.deepEqual(h.renders, ['/categories/music']);
    assert.deepEqual(await pages.render({ url: '/account', origin: 'http://x' }), { kind: 'not-server-rendered' });
    pages.close();
  });

  test('visitors in different places get different renders, and a burst to one page costs one render', async () => {
    const h = harness();
    const pages = await open(h);
    await Promise.all([1, 2, 3].map(() => pages.render({ url: '/teachers', origin: 'http://x', cookieHeader: 'a' })));
    await pages.render({ url: '/teachers', origin: 'http://x', cookieHeader: 'b' });
    assert.deepEqual(h.renders, ['/teachers', '/teachers']);
    pages.close();
  });

  test('an incomplete render (data late) is sent but not kept', async () => {
    const h = harness();
    h.renderer.render = async (request) => {
      h.renders.push(request.url);
      return rendered({ complete: false });
    };
    const pages = await open(h);
    await pages.render({ url: '/search?q=x', origin: 'http://x' });
    await pages.render({ url: '/search?q=x', origin: 'http://x' });
    assert.equal(h.renders.length, 2);
    pages.close();
  });

  test("a teacher's pages are dropped when the feed names the teacher, and only theirs", async () => {
    const h = harness({ feed: [{ cursor: '5', changes: [] }] });
    const pages = await open(h);
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x', cookieHeader: 'a' });
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x', cookieHeader: 'b' });
    await pages.render({ url: '/discover/bengaluru/music/teachers/asha', origin: 'http://x' });
    assert.equal(h.renders.length, 3);
    pages.purgeTeachers(['kiran']);
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x', cookieHeader: 'a' });
    await pages.render({ url: '/discover/bengaluru/music/teachers/asha', origin: 'http://x' });
    assert.deepEqual(h.renders.slice(3), ['/discover/bengaluru/tabla/teachers/kiran']);
    assert.equal(h.feedRequests[0], 'http://api.test/v1/marketplace/page-changes');
    pages.close();
  });

  test('the feed is read from its cursor, and a named teacher is dropped', async () => {
    const h = harness({
      feed: [
        { cursor: '5', changes: [] },
        { cursor: '6', changes: [{ teacherSlug: 'kiran', changedAt: 'now' }] },
      ],
    });
    const pages = await createServerPages({
      renderer: h.renderer,
      apiFetch: h.apiFetch,
      apiOrigin: 'http://api.test',
      feedIntervalMs: 20,
      log: () => undefined,
    });
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.ok(h.feedRequests.includes('http://api.test/v1/marketplace/page-changes?after=5'));
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    assert.equal(h.renders.length, 2);
    pages.close();
  });

  test('just after a change, the teacher page is rendered afresh each time, while API caches catch up', async () => {
    const h = harness({ feed: [{ cursor: '5', changes: [] }] });
    const pages = await open(h);
    pages.purgeTeachers(['kiran']);
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    await pages.render({ url: '/discover/bengaluru/music/teachers/asha', origin: 'http://x' });
    await pages.render({ url: '/discover/bengaluru/music/teachers/asha', origin: 'http://x' });
    assert.equal(h.renders.length, 3);
    pages.close();
  });

  test('the feed is read with the secret the web origins share with the API', async () => {
    const h = harness({ feed: [{ cursor: '5', changes: [] }] });
    const pages = await createServerPages({ ...openOptions(h), pageChangesSecret: 'shared-with-the-api' });
    assert.deepEqual(h.feedSecrets, ['shared-with-the-api']);
    pages.close();
  });

  test('a refused secret is said in one clear line, and teacher pages are not kept', async () => {
    const h = harness({ feed: [{ status: 403, code: 'PAGE_CHANGES_SECRET_WRONG' }] });
    const logged = [];
    const pages = await createServerPages({
      ...openOptions(h),
      pageChangesSecret: 'not-the-one',
      log: (message, details) => logged.push(`${message} ${details?.error}`),
    });
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    assert.equal(h.renders.length, 2);
    assert.equal(logged.length, 1);
    assert.match(logged[0], /HTTP 403: the API refused this origin's PAGE_CHANGES_SECRET/);
    pages.close();
  });

  test('a cursor the API refuses (its secret changed) starts the feed again from now, dropping teacher pages', async () => {
    const h = harness({
      feed: [
        { cursor: 'sealed-under-the-old-secret', changes: [] },
        { status: 400, code: 'INVALID_CURSOR' },
        { cursor: 'sealed-anew', changes: [] },
      ],
    });
    const pages = await createServerPages({ ...openOptions(h), feedIntervalMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(h.feedRequests.slice(0, 3), [
      'http://api.test/v1/marketplace/page-changes',
      'http://api.test/v1/marketplace/page-changes?after=sealed-under-the-old-secret',
      'http://api.test/v1/marketplace/page-changes',
    ]);
    assert.ok(h.feedRequests.slice(3).every((url) => url.endsWith('?after=sealed-anew')));
    pages.close();
  });

  test('a feed answer of the wrong shape counts as not heard', async () => {
    const h = harness({ feed: [{ nope: true }] });
    const pages = await open(h);
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    assert.equal(h.renders.length, 2);
    pages.close();
  });

  test('while the feed cannot be heard, teacher pages are rendered every time (never kept for a day unheard)', async () => {
    const h = harness({ feed: [new Error('down')] });
    const pages = await open(h);
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    await pages.render({ url: '/teachers', origin: 'http://x' });
    await pages.render({ url: '/teachers', origin: 'http://x' });
    assert.deepEqual(h.renders, ['/discover/bengaluru/tabla/teachers/kiran', '/discover/bengaluru/tabla/teachers/kiran', '/teachers']);
    pages.close();
  });

  test('a stale teacher page is served at once and rendered again behind it', async () => {
    const h = harness({ policy: { teacher: { freshMs: 0, staleMs: 60_000 }, list: { freshMs: 60_000, staleMs: 0 } } });
    const pages = await open(h);
    const first = await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const stale = await pages.render({ url: '/discover/bengaluru/tabla/teachers/kiran', origin: 'http://x' });
    assert.equal(stale.body, first.body);
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(h.renders.length, 2);
    pages.close();
  });
});
