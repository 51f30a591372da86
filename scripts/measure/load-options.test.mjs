import assert from 'node:assert/strict';
import { test } from 'node:test';

import { UsageError, parseLoadOptions } from './load-options.mjs';

test('an old invocation keeps its meaning: closed loop, 10 connections, no warm-up', () => {
  assert.deepEqual(parseLoadOptions(['/v1/categories', 'health']), {
    help: false,
    paths: ['/v1/categories', '/health'],
    mode: 'closed',
    connections: 10,
    duration: 10,
    rate: null,
    warm: false,
    scenario: null,
    urls: 200,
  });
  const marketplace = parseLoadOptions(['--scenario=marketplace', '--connections=50', '--duration=20', '--urls=300']);
  assert.equal(marketplace.scenario, 'marketplace');
  assert.equal(marketplace.connections, 50);
  assert.equal(marketplace.duration, 20);
  assert.equal(marketplace.urls, 300);
});

test('--rate chooses the open loop, with more sockets by default', () => {
  const open = parseLoadOptions(['--rate=300']);
  assert.equal(open.mode, 'open');
  assert.equal(open.rate, 300);
  assert.equal(open.connections, 100);
  assert.equal(parseLoadOptions(['--rate=300', '--connections=500']).connections, 500);
});

test('--warm is asked for, never assumed', () => {
  assert.equal(parseLoadOptions([]).warm, false);
  assert.equal(parseLoadOptions(['--warm']).warm, true);
});

test('a wrong option is named in the error', () => {
  for (const [args, message] of [
    [['--rate=0'], /--rate must be a whole number from 1 to 20000/],
    [['--rate=12.5'], /--rate/],
    [['--rate='], /--rate/],
    [['--connections=201'], /--connections must be a whole number from 1 to 200/],
    [['--connections=1001', '--rate=10'], /--connections must be a whole number from 1 to 1000/],
    [['--duration=121'], /--duration/],
    [['--scenario=checkout'], /--scenario must be marketplace/],
    [['--urls=0'], /--urls/],
    [['--ratee=5'], /Unknown option '--ratee'/],
  ]) {
    assert.throws(
      () => parseLoadOptions(args),
      (error) => error instanceof UsageError && message.test(error.message),
      args.join(' '),
    );
  }
});
