import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { UsageError, firstTeacherName, parseFirstTeacherOptions, routeKinds, scriptsBetween, totalBlockingTime } from './first-teacher.mjs';

describe('parseFirstTeacherOptions', () => {
  it('measures every route five times as a returning learner unless told otherwise', () => {
    assert.deepEqual(parseFirstTeacherOptions([]), { help: false, runs: 5, routes: Object.keys(routeKinds), visit: 'returning', json: false });
  });

  it('reads runs, a list of routes, the visit and --json', () => {
    assert.deepEqual(parseFirstTeacherOptions(['--runs=3', '--routes=teacher, navigation,teacher', '--visit=first', '--json']), {
      help: false,
      runs: 3,
      routes: ['teacher', 'navigation'],
      visit: 'first',
      json: true,
    });
  });

  it('refuses what it cannot measure', () => {
    for (const args of [['--runs=0'], ['--runs=2.5'], ['--runs=21'], ['--routes=home'], ['--routes=,'], ['--visit=later'], ['--fast'], ['/discover']]) {
      assert.throws(() => parseFirstTeacherOptions(args), UsageError, args.join(' '));
    }
  });
});

describe('firstTeacherName', () => {
  const entry = (identifier, renderTime, text, loadTime = renderTime - 5) => ({ identifier, renderTime, loadTime, text });

  it('takes the earliest painted teacher name, whatever order the entries arrived in', () => {
    const entries = [entry('teacher-name', 900, 'Kiran Rao'), entry('teacher-name', 700, 'Asha Iyer'), entry('teacher-name', 800, 'Ravi K')];
    assert.equal(firstTeacherName(entries).text, 'Asha Iyer');
  });

  it('ignores other elements and names with no text', () => {
    const entries = [
      entry('page-heading', 100, 'Discover'),
      entry('teacher-name', 200, '   '),
      entry('teacher-name', 300, null),
      entry('teacher-name', 400, 'Asha Iyer'),
    ];
    assert.equal(firstTeacherName(entries).renderTime, 400);
  });

  it('uses loadTime when the browser withholds renderTime', () => {
    assert.equal(firstTeacherName([entry('teacher-name', 0, 'Asha Iyer', 640)]).loadTime, 640);
  });

  it('counts only names painted at or after the tap on a navigation', () => {
    const entries = [entry('teacher-name', 1200, 'On the page before'), entry('teacher-name', 5300, 'Kiran Rao')];
    assert.equal(firstTeacherName(entries, 5000).text, 'Kiran Rao');
    assert.equal(firstTeacherName(entries, 6000), null);
  });
});

describe('totalBlockingTime', () => {
  it('sums what each long task takes beyond 50 ms', () => {
    assert.equal(
      totalBlockingTime(
        [
          { startTime: 100, duration: 120 },
          { startTime: 400, duration: 50 },
          { startTime: 600, duration: 251 },
        ],
        0,
        10_000,
      ),
      70 + 201,
    );
  });

  it('counts only the part of a task inside the window', () => {
    const tasks = [
      { startTime: 900, duration: 300 }, // 100 ms of it before the window
      { startTime: 2900, duration: 400 }, // 100 ms of it inside
      { startTime: 5000, duration: 500 }, // after the window
    ];
    assert.equal(totalBlockingTime(tasks, 1000, 3000), 150 + 50);
  });

  it('is zero with no long tasks', () => {
    assert.equal(totalBlockingTime([], 0, 1000), 0);
  });
});

describe('scriptsBetween', () => {
  const script = (finishedAt, encodedBodyBytes, gzipBytes, contentEncoding = 'gzip') => ({
    url: `https://x/${finishedAt}.js`,
    finishedAt,
    encodedBodyBytes,
    gzipBytes,
    contentEncoding,
  });

  it('sums the scripts that finished arriving inside the window', () => {
    const scripts = [script(100, 1000, 900), script(700, 2000, 1800, 'br'), script(1500, 4000, 3600)];
    assert.deepEqual(scriptsBetween(scripts, 0, 1000), { files: 2, encodedBodyBytes: 3000, gzipBytes: 2700, encodings: ['br', 'gzip'] });
    assert.deepEqual(scriptsBetween(scripts, 500, 2000), { files: 2, encodedBodyBytes: 6000, gzipBytes: 5400, encodings: ['br', 'gzip'] });
  });

  it('leaves the gzip figure unknown when a body could not be read', () => {
    assert.equal(scriptsBetween([script(100, 1000, 900), script(200, 1000, null)], 0, 1000).gzipBytes, null);
  });
});
