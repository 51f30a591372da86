#!/usr/bin/env node
// `npm run test:scale`: several API instances on one PostgreSQL must behave as one.
//
// Starts a throwaway PostgreSQL cluster, three API instances at the same moment on its empty
// database (the local demo: seeded, outbox SMS, sandbox gateway, one set of secrets), and one
// web origin's proxy (scripts/serve-app.mjs) in front of them with the three as upstreams. Then:
//   1. requests/s of a read load through a proxy to one instance, then through the one to three;
//   2. a mixed load for 60 s through the proxy (marketplace reads, enquiries with idempotency
//      keys, checkouts through the sandbox gateway, a teacher marking attendance), during which
//      one instance is killed (SIGKILL) and started again;
//   3. checks on what the learners were answered against the database: every accepted enquiry
//      and payment exactly once, no text sent twice, no ledger entry lost or doubled, a change
//      made through one instance visible through the others within a second, and a per-user
//      limit holding across instances.
// Prints its figures and every violation; exits 1 when there is any, 2 when it could not run.
// docs/measuring.md says how to read it and when to run it.
//
// Only Node's built-ins are imported statically (the root commands run before installing);
// the proxy and undici are imported once the workspace is installed.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { marketplacePaths } from './measure/marketplace-urls.mjs';
import { clientAddress } from './measure/open-loop.mjs';
import { ensureInstalled, root } from './pnpm.mjs';
import { checkoutViolations, countBy, enquiryViolations, exactlyOnce, limitViolations, textViolations, visibilityViolations } from './scale-checks.mjs';
import { ensurePostgres } from './system-packages.mjs';

// PostgreSQL listens below the ephemeral port range (32768 and up on Linux), where a client socket in
// TIME-WAIT could hold the port and stop the server from binding it.
const ports = { proxy: 4410, singleProxy: 4414, instances: [4411, 4412, 4413], postgres: 15440 };
const loadSeconds = 60;
const loadConnections = 100;
const comparisonSeconds = 10;
const warmUpSeconds = 3;
const killAtSeconds = 20;
const restartAtSeconds = 30;
const visibleWithinMs = 1000;
/** The search route's per-user limit (api/src/plugins/rate-limits.ts): 120 a minute. */
const searchLimit = { route: 'GET /v1/marketplace/teacherListings/search', max: 120, extra: 10 };
const learnerCount = 20;
const submissionsPerLearner = 7;

const startedAt = Date.now();
const seconds = () => ((Date.now() - startedAt) / 1000).toFixed(1);
const say = (line) => console.log(`[${seconds().padStart(5)} s] ${line}`);

class SetupError extends Error {}

// ── PostgreSQL ─────────────────────────────────────────────────────────────────────────────

/** A throwaway cluster like api/scripts/with-postgres.sh's, on its own port, removed at the end. */
function startCluster(pgBin) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kalike-scale-postgres-'));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster belongs to `postgres`, as in with-postgres.sh.
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const run = (command) =>
    asRoot ? execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', command], { stdio: 'pipe' }) : execFileSync('bash', ['-c', command], { stdio: 'pipe' });
  try {
    run(`'${pgBin}/initdb' -D '${dir}/data' -A trust -U postgres --encoding=UTF8 --locale=C.UTF-8`);
    run(
      `'${pgBin}/pg_ctl' -D '${dir}/data' -l '${dir}/server.log' -w start -o "-p ${ports.postgres} -k '${dir}' -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"`,
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new SetupError(`PostgreSQL did not start: ${error.stderr?.toString() || error.message}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${ports.postgres}/postgres`,
    stop() {
      try {
        run(`'${pgBin}/pg_ctl' -D '${dir}/data' -m immediate -w stop`);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Rows of a query as objects, read with psql as one JSON document (no field separators to trip on). */
function query(pgBin, sqlText) {
  const json = execFileSync(
    `${pgBin}/psql`,
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(ports.postgres),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-At',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `select coalesce(json_agg(t), '[]') from (${sqlText}) t`,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(json);
}

const sqlList = (values) => (values.length ? values.map((value) => `'${String(value).replace(/'/g, "''")}'`).join(', ') : 'null');

// ── API instances ──────────────────────────────────────────────────────────────────────────

function startInstance(index, env, work) {
  const port = ports.instances[index];
  const logFile = path.join(work, `api-${index + 1}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'api'),
    stdio: ['ignore', out, out],
    env: { ...env, API_PORT: String(port), DATA_DIR: path.join(work, `data-${index + 1}`) },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { name: `instance ${index + 1} (:${port})`, index, port, url: `http://127.0.0.1:${port}`, child, exited, logFile };
}

/** 'up' once /health answers, 'exited' when the process stops first. */
async function waitHealthy(instance, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let stopped = false;
  void instance.exited.then(() => (stopped = true));
  while (Date.now() < deadline) {
    if (stopped) return 'exited';
    const ok = await fetch(`${instance.url}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return 'up';
    await sleep(250);
  }
  return 'timeout';
}

/** Why an instance stopped, from its log: what it printed as it failed to start (with a database error's detail), a logged error, else its last line. */
function whyStopped(instance) {
  const text = readFileSync(instance.logFile, 'utf8');
  // api/src/server.ts prints "Kalike API failed to start: <error>" and the error's fields.
  const failed = /failed to start:\s*(.*)$/m.exec(text)?.[1];
  const detail = /^\s*detail: '([^']*)'/m.exec(text)?.[1];
  const logged = text
    .split('\n')
    .map((line) => {
      try {
        const entry = JSON.parse(line);
        return entry.level >= 50 ? (entry.err?.message ?? entry.msg) : null;
      } catch {
        return null;
      }
    })
    .find(Boolean);
  const reason = failed ? [failed, detail].filter(Boolean).join(' ') : (logged ?? text.trim().split('\n').at(-1) ?? 'no output');
  return reason.trim().slice(0, 300);
}

async function stopInstance(instance) {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
  await instance.exited;
  clearTimeout(timer);
}

// ── HTTP ───────────────────────────────────────────────────────────────────────────────────

let addressCounter = 0;
/** Learners arrive from many addresses, passed on by the proxy as a trusted chain. */
const nextAddress = () => clientAddress(addressCounter++);

/**
 * One request; never throws. status 0 means no answer (refused, reset, timed out).
 * @returns {Promise<{ status: number, json: any, error?: string, headers?: Record<string, string> }>}
 */
async function call(pool, method, requestPath, { token, body, key, address } = {}) {
  const headers = { 'x-forwarded-for': address ?? nextAddress() };
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await pool.request({
      method,
      path: requestPath,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: 15_000,
      bodyTimeout: 15_000,
    });
    const text = await response.body.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (a redirect, a page)
    }
    return { status: response.statusCode, json, headers: response.headers };
  } catch (error) {
    return { status: 0, json: null, error: error.code ?? error.message };
  }
}

const ok = (answer) => answer.status >= 200 && answer.status < 300;

/** Signs in through the OTP endpoints; the code is read from the outbox table (no HTTP route serves codes). */
async function signIn(pool, pgBin, phone) {
  const address = nextAddress();
  const requested = await call(pool, 'POST', '/v1/auth/otp/request', { body: { phone }, address });
  if (requested.status !== 202) throw new SetupError(`sign-in code for ${phone}: ${requested.status} ${JSON.stringify(requested.json ?? requested.error)}`);
  let code;
  for (let attempt = 0; attempt < 40 && !code; attempt += 1) {
    const [newest] = query(pgBin, `select body from sms_outbox where to_phone = ${sqlList([phone])} order by created_at desc limit 1`);
    code = /\b(\d{6})\b/.exec(newest?.body ?? '')?.[1];
    if (!code) await sleep(100);
  }
  if (!code) throw new SetupError(`no sign-in code reached the outbox for ${phone}`);
  const verified = await call(pool, 'POST', '/v1/auth/otp/verify', { body: { requestId: requested.json.requestId, phone, code }, address });
  if (verified.status !== 200) throw new SetupError(`signing in ${phone}: ${verified.status} ${JSON.stringify(verified.json ?? verified.error)}`);
  return { phone, token: verified.json.tokens.accessToken };
}

// ── Loads ──────────────────────────────────────────────────────────────────────────────────

/** Closed-loop reads over rotating URLs for `durationSeconds`; counts answers by kind. */
async function readLoad(pool, paths, { durationSeconds, connections, stopAt }) {
  const tally = { ok: 0, failed: 0, noAnswer: 0, byStatus: new Map() };
  const until = stopAt ?? Date.now() + durationSeconds * 1000;
  let next = 0;
  const began = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const answer = await call(pool, 'GET', paths[next++ % paths.length]);
        if (ok(answer)) tally.ok += 1;
        else if (answer.status === 0) tally.noAnswer += 1;
        else tally.failed += 1;
        if (!ok(answer)) tally.byStatus.set(answer.status || answer.error, (tally.byStatus.get(answer.status || answer.error) ?? 0) + 1);
      }
    }),
  );
  tally.seconds = (Date.now() - began) / 1000;
  tally.perSecond = tally.ok / tally.seconds;
  return tally;
}

/** An enquiry body for one listing; the same body with the same key must replay. */
function enquiryBody(listingId, n) {
  return {
    targets: [{ listingId }],
    studentId: null,
    contactName: 'Scale Learner',
    preferredDays: [6, 7],
    preferredTimes: ['morning'],
    mode: 'any',
    message: `Is there a seat in the weekend batch? (${n})`,
    refPage: 'teacher_page',
    refSection: 'enquire',
  };
}

/**
 * Sends one submission as a careful client would: again with the same key when no answer
 * came (the instance died under it), and sometimes again after a 2xx (a double tap), which
 * must replay the first answer.
 */
async function sendEnquiry(pool, learner, listingId, key, n, record) {
  const body = enquiryBody(listingId, n);
  let answer;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    answer = await call(pool, 'POST', '/v1/marketplace/enquiries', { token: learner.token, body, key });
    if (answer.status !== 0 && answer.status < 500) break;
    await sleep(300);
  }
  record.statuses.set(answer.status, (record.statuses.get(answer.status) ?? 0) + 1);
  if (!ok(answer)) return answer;
  const enquiryIds = answer.json.enquiries.map((entry) => entry.enquiry.id);
  record.accepted.push({ key, enquiryIds });
  if (n % 4 === 0) {
    const again = await call(pool, 'POST', '/v1/marketplace/enquiries', { token: learner.token, body, key });
    if (ok(again)) record.replays.push({ key, firstIds: enquiryIds, replayIds: again.json.enquiries.map((entry) => entry.enquiry.id) });
  }
  return answer;
}

/**
 * One checkout of an open payment request through the sandbox: the order asked three times at
 * once with one key (a client retrying through a balancer), paid once on the sandbox page, then
 * verified twice at once while the sandbox's webhook lands too.
 */
async function checkout(pool, learner, paymentRequestId, key, record) {
  const creations = await Promise.all(
    [0, 1, 2].map(() => call(pool, 'POST', `/v1/payments/payment-request/${paymentRequestId}/payments`, { token: learner.token, body: {}, key })),
  );
  for (const answer of creations) {
    record.statuses.set(`order ${answer.status}`, (record.statuses.get(`order ${answer.status}`) ?? 0) + 1);
    if (ok(answer)) record.answers.push({ key, orderId: answer.json.orderId });
  }
  const order = creations.find(ok)?.json;
  if (!order) return;
  const paid = await call(pool, 'POST', `/v1/payments/sandbox/checkout/${order.gatewayOrderId}/outcome?returnUrl=${encodeURIComponent('/payments/done')}`, {
    body: { outcome: 'success' },
  });
  const location = paid.headers?.location;
  if (paid.status !== 303 || !location) {
    record.statuses.set(`sandbox ${paid.status}`, (record.statuses.get(`sandbox ${paid.status}`) ?? 0) + 1);
    return;
  }
  record.paidOrderIds.push(order.orderId);
  const params = new URL(location, 'http://site.invalid').searchParams;
  const proof = {
    razorpay_order_id: params.get('razorpay_order_id'),
    razorpay_payment_id: params.get('razorpay_payment_id'),
    razorpay_signature: params.get('razorpay_signature'),
  };
  const verifications = await Promise.all([0, 1].map(() => call(pool, 'POST', '/v1/payments/verify', { token: learner.token, body: proof })));
  for (const answer of verifications) record.statuses.set(`verify ${answer.status}`, (record.statuses.get(`verify ${answer.status}`) ?? 0) + 1);
}

/** The same register marked three times at once (a teacher's double tap, through different instances). */
async function markAttendance(pool, teacher, marking, record) {
  const answers = await Promise.all(
    [0, 1, 2].map(() => call(pool, 'POST', `/v1/class/sessions/${marking.sessionId}/attendance`, { token: teacher.token, body: { records: marking.records } })),
  );
  for (const answer of answers) record.statuses.set(answer.status, (record.statuses.get(answer.status) ?? 0) + 1);
  if (answers.some(ok)) record.marked.push(marking);
}

// ── Setup of the people and things the load acts on ─────────────────────────────────────────

function istParts(date) {
  const ist = new Date(date.getTime() + 330 * 60_000);
  return { day: ist.toISOString().slice(0, 10), minutes: ist.getUTCHours() * 60 + ist.getUTCMinutes() };
}
const hhmm = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Classes of the teacher's batches that have started and are not marked yet, with everyone in them; an extra class today when there is none. */
async function classesToMark(pool, teacher) {
  const week = await call(pool, 'GET', '/v1/class/sessions/teacher/week', { token: teacher.token });
  if (!ok(week)) return [];
  const previous = week.json.previousWeek
    ? await call(pool, 'GET', `/v1/class/sessions/teacher/week?week=${week.json.previousWeek}`, { token: teacher.token })
    : null;
  const classes = [...(previous?.json?.classes ?? []), ...week.json.classes];
  const now = Date.now();
  const started = classes.filter((entry) => entry.session.status === 'scheduled' && Date.parse(entry.session.startTime) < now && entry.studentsCount > 0);
  const { day, minutes } = istParts(new Date());
  const busyToday = new Set(classes.filter((entry) => entry.session.occursOn === day).map((entry) => entry.batch.id));
  const batchesWithStudents = [...new Map(classes.filter((entry) => entry.studentsCount > 0).map((entry) => [entry.batch.id, entry.batch])).values()];
  // An extra class that began ten minutes ago, when the day has room for it (IST).
  if (minutes >= 15 && minutes <= 23 * 60) {
    for (const batch of batchesWithStudents.filter((candidate) => !busyToday.has(candidate.id))) {
      const added = await call(pool, 'POST', `/v1/class/batches/${batch.id}/sessions`, {
        token: teacher.token,
        body: { occursOn: day, startTime: hhmm(minutes - 10), endTime: hhmm(minutes + 30) },
      });
      if (added.status === 201) started.push({ session: added.json });
    }
  }
  const markings = [];
  for (const entry of started) {
    const register = await call(pool, 'GET', `/v1/class/sessions/${entry.session.id}/register`, { token: teacher.token });
    if (!ok(register) || !register.json.marking.open) continue;
    const records = register.json.students
      .filter((student) => student.attendance === null)
      .map((student) => ({ batchStudentId: student.batchStudentId, status: 'attended' }));
    if (records.length) markings.push({ sessionId: entry.session.id, records });
  }
  return markings;
}

// ── The run ────────────────────────────────────────────────────────────────────────────────

async function main() {
  ensureInstalled();
  const { Pool } = await import('undici');
  const { serveApp } = await import('./serve-app.mjs');
  const pgBin = ensurePostgres();
  const work = mkdtempSync(path.join(os.tmpdir(), 'kalike-scale-'));
  const cleanups = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

  const violations = [];
  const notes = [];
  const figures = {};
  try {
    for (const port of [ports.proxy, ports.singleProxy, ...ports.instances]) {
      const busy = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) }).then(
        () => true,
        () => false,
      );
      if (busy) throw new SetupError(`something is already listening on port ${port}`);
    }
    const cluster = startCluster(pgBin);
    cleanups.push(async () => cluster.stop());
    say(`PostgreSQL at 127.0.0.1:${ports.postgres}`);

    // One set of secrets for all three, as a deployment shares them.
    const env = { ...process.env };
    for (const name of [
      'MARKETPLACE_CACHE',
      'SMS_PROVIDER_URL',
      'SMS_PROVIDER_TOKEN',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'API_URL',
      'SHELL_URL',
    ]) {
      delete env[name];
    }
    Object.assign(env, {
      DATABASE_URL: cluster.url,
      KALIKE_LOCAL_DEMO: 'true',
      SEED: 'demo',
      SEED_CONFIRM_DATABASE: 'postgres',
      SEED_SIZE: 'test',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_SANDBOX_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS: '300',
      API_HOST: '127.0.0.1',
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    });

    // Three instances at the same moment on the empty database.
    const instances = [0, 1, 2].map((index) => startInstance(index, env, work));
    cleanups.push(() => Promise.all(instances.map(stopInstance)));
    const started = await Promise.all(instances.map((instance) => waitHealthy(instance)));
    for (const [index, outcome] of started.entries()) {
      if (outcome === 'up') continue;
      violations.push(
        `start-up: ${instances[index].name} ${outcome === 'exited' ? 'stopped' : 'did not answer'} when three started together: ${whyStopped(instances[index])}`,
      );
      instances[index] = startInstance(index, env, work);
      if ((await waitHealthy(instances[index])) !== 'up') throw new SetupError(`${instances[index].name} does not start: ${whyStopped(instances[index])}`);
    }
    say(`three API instances up (${started.join(', ')} at first)`);
    // Texts are compared from here on: the relay marks a message sent as its text is written.
    const textsSince = new Date().toISOString();

    const dist = path.join(work, 'dist');
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Kalike</title></head><body></body></html>');
    const registry = { apiBaseUrl: '', remotes: {} };
    // The proxy reads its upstreams from API_UPSTREAMS, as a deployed web origin does.
    process.env.API_UPSTREAMS = instances.map((instance) => instance.url).join(',');
    const proxy = await serveApp({ dir: 'shell', distDir: dist, registry, port: ports.proxy, trustProxy: 'loopback' });
    cleanups.push(() => proxy.server.close());
    const singleProxy = await serveApp({
      dir: 'shell',
      distDir: dist,
      registry,
      apiUpstreams: [instances[0].url],
      port: ports.singleProxy,
      trustProxy: 'loopback',
    });
    cleanups.push(() => singleProxy.server.close());
    const through = new Pool(`http://127.0.0.1:${ports.proxy}`, { connections: loadConnections + 20 });
    const throughOne = new Pool(`http://127.0.0.1:${ports.singleProxy}`, { connections: loadConnections + 20 });
    const direct = instances.map((instance) => new Pool(instance.url, { connections: 8 }));
    cleanups.push(() => Promise.all([through, throughOne, ...direct].map((pool) => pool.close())));
    say(`proxy at http://127.0.0.1:${ports.proxy} over the three, and one over instance 1 alone at :${ports.singleProxy}`);

    // People and things to act on.
    const categories = (await call(through, 'GET', '/v1/marketplace/categories')).json?.categories;
    if (!categories?.length) throw new SetupError('the marketplace lists no categories');
    const learners = [];
    for (let index = 0; index < learnerCount; index += 1) learners.push(await signIn(through, pgBin, `+91000000${5000 + index}`));
    const teacher = await signIn(through, pgBin, '+910000010001');
    const admin = await signIn(through, pgBin, '+910000009001');
    const limited = await signIn(through, pgBin, '+910000005900');
    const listings = query(pgBin, 'select id from teacher_listings where is_active order by id').map((row) => row.id);
    const payable = query(
      pgBin,
      `select id, learner_phone from payment_requests where status = 'open' and learner_phone like '+9100000%' order by learner_phone, id limit 8`,
    );
    const payers = new Map();
    for (const { learner_phone: phone } of payable) if (!payers.has(phone)) payers.set(phone, await signIn(through, pgBin, phone));
    const markings = await classesToMark(through, teacher);
    say(
      `signed in ${learners.length} learners, ${payers.size} payers, a teacher and an admin; ${listings.length} listings, ${payable.length} open payment requests, ${markings.length} classes to mark`,
    );
    const setupDone = new Date();

    // Requests/s with one instance, then with three: the same read mix, each from a cold cache.
    // Each phase first loads an untimed other set for a few seconds, so every instance has
    // compiled its hot code and opened its connections (the restarted ones had not), without
    // filling the cache for the timed set.
    const readSet = (seed) => {
      const paths = marketplacePaths(categories, 200, seed);
      return [...paths.categoryPaths, ...paths.searchPaths];
    };
    await readLoad(throughOne, readSet(11), { durationSeconds: warmUpSeconds, connections: loadConnections });
    const one = await readLoad(throughOne, readSet(101), { durationSeconds: comparisonSeconds, connections: loadConnections });
    await readLoad(through, readSet(22), { durationSeconds: warmUpSeconds, connections: loadConnections });
    const three = await readLoad(through, readSet(202), { durationSeconds: comparisonSeconds, connections: loadConnections });
    figures.readsOne = one;
    figures.readsThree = three;
    say(
      `reads: ${Math.round(one.perSecond)} req/s through one instance, ${Math.round(three.perSecond)} req/s through three (${loadConnections} connections, ${comparisonSeconds} s each)`,
    );

    // The mixed load, with one instance killed and started again in the middle.
    const enquiries = { accepted: [], replays: [], statuses: new Map() };
    const checkouts = { answers: [], paidOrderIds: [], statuses: new Map() };
    const attendance = { marked: [], statuses: new Map() };
    const loadStart = Date.now();
    const loadEnd = loadStart + loadSeconds * 1000;
    const at = (secondsIn) => sleep(Math.max(0, loadStart + secondsIn * 1000 - Date.now()));
    const mixed = marketplacePaths(categories, 400, 303);
    const runId = randomBytes(4).toString('hex');
    const tasks = [];
    const submissions = [];
    // Reads on all but a few connections.
    tasks.push(
      readLoad(through, [...mixed.categoryPaths, ...mixed.searchPaths], { connections: loadConnections - 4, stopAt: loadEnd }).then(
        (tally) => (figures.mixedReads = tally),
      ),
    );
    // Enquiries, paced over the run: each learner sends to listings of its own.
    tasks.push(
      (async () => {
        const total = learners.length * submissionsPerLearner;
        for (let n = 0; n < total && Date.now() < loadEnd - 3000; n += 1) {
          const learnerIndex = n % learners.length;
          const listing = listings[(learnerIndex * submissionsPerLearner + Math.floor(n / learners.length)) % listings.length];
          submissions.push(sendEnquiry(through, learners[learnerIndex], listing, `scale-${runId}-${learnerIndex}-${n}`, n, enquiries));
          await sleep(((loadSeconds - 5) * 1000) / total);
        }
      })(),
    );
    // Checkouts and attendance, spread over the run, some right around the kill.
    tasks.push(
      (async () => {
        for (const [index, request] of payable.entries()) {
          await at(3 + index * ((loadSeconds - 10) / Math.max(1, payable.length)));
          await checkout(through, payers.get(request.learner_phone), request.id, `scale-${runId}-pay-${index}`, checkouts);
        }
      })(),
    );
    tasks.push(
      (async () => {
        for (const [index, marking] of markings.entries()) {
          await at(5 + index * ((loadSeconds - 12) / Math.max(1, markings.length)));
          await markAttendance(through, teacher, marking, attendance);
        }
      })(),
    );
    tasks.push(
      (async () => {
        await at(killAtSeconds);
        instances[1].child.kill('SIGKILL');
        say(`killed ${instances[1].name} (SIGKILL)`);
        await at(restartAtSeconds);
        instances[1] = startInstance(1, env, work);
        const outcome = await waitHealthy(instances[1]);
        say(`started ${instances[1].name} again: ${outcome}`);
        if (outcome !== 'up') violations.push(`restart: ${instances[1].name} did not come back: ${whyStopped(instances[1])}`);
      })(),
    );
    await Promise.all(tasks);
    // Submissions still in flight (or being sent again) finish within their timeouts.
    await Promise.all(submissions);
    say(
      `mixed load done: ${Math.round(figures.mixedReads.perSecond)} reads/s, ${enquiries.accepted.length} enquiries accepted, ${checkouts.paidOrderIds.length} checkouts paid, ${attendance.marked.length} registers marked`,
    );

    // Texts queued during the run go out; a killed instance's claims wait for their lease.
    const drainUntil = Date.now() + 20_000;
    let queued = 0;
    do {
      [{ queued }] = query(
        pgBin,
        `select (select count(*) from message_outbox where sent_at is null and created_at >= '${textsSince}')
              + (select count(*) from notification_deliveries d where d.status = 'pending' and d.not_before <= now() and d.created_at >= '${textsSince}')
           as queued`,
      );
      queued = Number(queued);
      if (queued > 0) await sleep(500);
    } while (queued > 0 && Date.now() < drainUntil);
    if (queued > 0) notes.push(`${queued} texts were still queued 20 s after the load (claimed by the killed instance, waiting for their lease)`);

    // ── Checks ──
    const enquiryIds = enquiries.accepted.flatMap((entry) => entry.enquiryIds);
    const enquiryRows = countBy(query(pgBin, `select id from enquiries where id in (${sqlList(enquiryIds)})`).map((row) => [row.id]));
    violations.push(...enquiryViolations({ accepted: enquiries.accepted, rowsById: enquiryRows, replays: enquiries.replays }));
    const openTwice = query(
      pgBin,
      `select learner_account_id, listing_id, count(*)::int as n from enquiries where state not in ('enrolled', 'declined', 'closed', 'expired') and created_at >= '${setupDone.toISOString()}' group by 1, 2, student_id having count(*) > 1`,
    );
    for (const row of openTwice) violations.push(`learner ${row.learner_account_id} has ${row.n} open enquiries to listing ${row.listing_id}`);

    const orderIds = [...new Set(checkouts.answers.map((answer) => answer.orderId))];
    const ordersById = countBy(query(pgBin, `select id from orders where id in (${sqlList(orderIds)})`).map((row) => [row.id]));
    const payments = query(pgBin, `select id, order_id from payments where order_id in (${sqlList(orderIds)})`);
    const paymentsByOrder = countBy(payments.map((row) => [row.order_id]));
    violations.push(...checkoutViolations({ answers: checkouts.answers, ordersById, paymentsByOrder, paidOrderIds: checkouts.paidOrderIds }));
    const paymentEntries = query(
      pgBin,
      `select payment_id from ledger_entries where kind = 'payment' and payment_id in (${sqlList(payments.map((row) => row.id))})`,
    );
    const doubledOrderEntries = query(
      pgBin,
      `select order_id, kind, count(*)::int as n from ledger_entries where order_id in (${sqlList(orderIds)}) group by 1, 2 having count(*) > 1`,
    );
    for (const row of doubledOrderEntries) violations.push(`ledger ${row.kind} entry for order ${row.order_id}: ${row.n} rows (doubled)`);
    violations.push(
      ...exactlyOnce({
        label: 'ledger payment entry for payment',
        expected: payments.map((row) => row.id),
        counts: countBy(paymentEntries.map((row) => [row.payment_id])),
      }),
    );

    const markedSessions = attendance.marked.map((marking) => marking.sessionId);
    const attended = query(
      pgBin,
      `select session_id, batch_student_id from session_attendance where status = 'attended' and session_id in (${sqlList(markedSessions)})`,
    );
    const consumed = query(
      pgBin,
      `select session_id, batch_student_id from ledger_entries where kind = 'class_consumed' and session_id in (${sqlList(markedSessions)})`,
    );
    const pair = (row) => `${row.session_id}/${row.batch_student_id}`;
    const expectedMarks = attendance.marked.flatMap((marking) => marking.records.map((record) => `${marking.sessionId}/${record.batchStudentId}`));
    violations.push(...exactlyOnce({ label: 'attendance mark', expected: expectedMarks, counts: countBy(attended.map((row) => [pair(row)])) }));
    violations.push(
      ...exactlyOnce({ label: 'ledger class entry for attendance', expected: attended.map(pair), counts: countBy(consumed.map((row) => [pair(row)])) }),
    );

    // Texts are counted per phone: a notification's text is written when it is sent (its words and
    // link), so what was queued for a phone is its sent outbox messages plus its sent notification
    // deliveries, and a phone that received more than that received something twice.
    const byPhone = (row) => row.to_phone;
    const textKey = (row) => `${row.to_phone}|${row.body}`;
    const sentMessages = query(pgBin, `select to_phone, body from message_outbox where sent_at >= '${textsSince}'`);
    const sentDeliveries = (channel) =>
      query(
        pgBin,
        `select u.phone as to_phone from notification_deliveries d join notifications n on n.id = d.notification_id join users u on u.id = n.user_id
          where d.channel = '${channel}' and d.status = 'sent' and d.sent_at >= '${textsSince}'`,
      );
    const smsDeliveries = sentDeliveries('sms');
    const whatsappDeliveries = sentDeliveries('whatsapp');
    const smsRows = query(pgBin, `select to_phone, body from sms_outbox where created_at >= '${textsSince}'`);
    const whatsappRows = query(pgBin, `select to_phone, body from whatsapp_outbox where created_at >= '${textsSince}'`);
    const isCode = (row) => /is your Kalike sign-in code/.test(row.body);
    violations.push(
      ...textViolations({
        queued: countBy([...sentMessages, ...smsDeliveries].map((row) => [byPhone(row)])),
        sent: countBy(smsRows.filter((row) => !isCode(row)).map((row) => [byPhone(row)])),
        signInCodes: countBy(smsRows.filter(isCode).map((row) => [textKey(row)])),
      }),
      ...textViolations({
        queued: countBy(whatsappDeliveries.map((row) => [byPhone(row)])),
        sent: countBy(whatsappRows.map((row) => [byPhone(row)])),
        signInCodes: new Map(),
      }),
    );
    const [raised] = query(
      pgBin,
      `select count(*)::int as notifications, count(*) filter (where kind like 'class.%' or kind like 'teach.today%')::int as reminders from notifications where created_at >= '${textsSince}'`,
    );
    figures.notifications = { ...raised, sms: smsDeliveries.length, whatsapp: whatsappDeliveries.length };
    figures.texts = { queued: sentMessages.length + smsDeliveries.length, sent: smsRows.filter((row) => !isCode(row)).length };

    // A change through one instance, read back through each within a second: a badge on a teacher's page.
    const [subject] = query(
      pgBin,
      `select t.id, t.slug from teachers t where exists (select 1 from teacher_listings l where l.teacher_id = t.id and l.is_active)
         and not exists (select 1 from teacher_badges b where b.teacher_id = t.id and b.badge = 'super_teacher') order by t.slug limit 1`,
    );
    const pagePath = `/v1/marketplace/teacherListings/slug/${subject.slug}`;
    for (let round = 0; round < 2; round += 1) for (const pool of direct) await call(pool, 'GET', pagePath);
    const granted = await call(direct[0], 'PUT', `/v1/admin/teachers/${subject.id}/badges/super_teacher`, {
      token: admin.token,
      body: { reason: 'Learners keep coming back to these classes' },
    });
    if (!ok(granted)) throw new SetupError(`granting a badge answered ${granted.status} ${JSON.stringify(granted.json)}`);
    await sleep(visibleWithinMs);
    const seenBy = [];
    for (const [index, pool] of direct.entries()) {
      const page = await call(pool, 'GET', pagePath);
      seenBy.push({ instance: instances[index].name, seen: Boolean(page.json?.teacher?.badges?.some((badge) => badge.kind === 'super_teacher')) });
    }
    violations.push(...visibilityViolations({ change: `a badge granted through ${instances[0].name}`, seenBy, withinMs: visibleWithinMs }));

    // A per-user limit across instances: max + extra searches, round-robin, as one learner.
    const statuses = [];
    const address = '10.250.0.1';
    for (let index = 0; index < searchLimit.max + searchLimit.extra; index += 1) {
      // Distinct points: an answer from the response cache is sent before the limit is counted.
      const requestPath = `/v1/marketplace/teacherListings/search?q=chess&lat=${(12.9 + index * 0.001).toFixed(4)}&long=77.5946`;
      statuses.push((await call(direct[index % direct.length], 'GET', requestPath, { token: limited.token, address })).status);
    }
    violations.push(...limitViolations({ limit: `${searchLimit.route} (${searchLimit.max} a minute per user)`, max: searchLimit.max, statuses }));

    // ── Report ──
    const statusLine = (map) => [...map].map(([status, count]) => `${status}: ${count}`).join(', ') || 'none';
    console.log('\nFigures');
    console.log(`  reads through one instance:    ${Math.round(one.perSecond)} req/s (${one.ok} answered 2xx, ${one.failed} other, ${one.noAnswer} no answer)`);
    console.log(
      `  reads through three instances: ${Math.round(three.perSecond)} req/s (${three.ok} answered 2xx, ${three.failed} other, ${three.noAnswer} no answer)`,
    );
    const mixedReads = figures.mixedReads;
    console.log(
      `  mixed load, ${loadSeconds} s: ${Math.round(mixedReads.perSecond)} reads/s; reads not answered 2xx: ${mixedReads.failed + mixedReads.noAnswer} (${statusLine(mixedReads.byStatus)})`,
    );
    console.log(
      `  enquiries: ${enquiries.accepted.length} accepted, ${enquiries.replays.length} sent again and replayed; answers ${statusLine(enquiries.statuses)}`,
    );
    console.log(
      `  checkouts: ${orderIds.length} orders, ${checkouts.paidOrderIds.length} paid, ${payments.length} payments; answers ${statusLine(checkouts.statuses)}`,
    );
    console.log(`  attendance: ${attendance.marked.length} registers, ${attended.length} marks; answers ${statusLine(attendance.statuses)}`);
    console.log(`  texts: ${figures.texts.queued} queued and sent, ${figures.texts.sent} reached the outbox`);
    console.log(
      `  notifications: ${figures.notifications.notifications} raised (${figures.notifications.reminders} class reminders and notices), ${figures.notifications.sms} sent by SMS, ${figures.notifications.whatsapp} by WhatsApp`,
    );
    console.log(`  per-user limit: ${statuses.filter((status) => status === 200).length} of ${statuses.length} searches succeeded (limit ${searchLimit.max})`);
    for (const note of notes) console.log(`  note: ${note}`);
    console.log(`\nRun time: ${seconds()} s`);
    if (violations.length) {
      console.log(`\n${violations.length} violation(s):`);
      for (const violation of violations) console.log(`  - ${violation}`);
    } else console.log('\nNo violations: the instances behaved as one.');
    return violations.length ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`\nThe scale test could not run: ${error instanceof SetupError ? error.message : (error.stack ?? error)}`);
    process.exit(2);
  },
);
