import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { defaultEnvFile, envFileOption, loadEnvFile } from './environment.mjs';

const directory = mkdtempSync(path.join(tmpdir(), 'kalike-env-'));
const file = path.join(directory, '.env');
writeFileSync(file, '# comment\nAPI_PORT=5010\nPUBLIC_SITE_URL="https://kalike.example"\nEMPTY=\n');

test('reads the file without overriding what the environment already says', () => {
  const env = { API_PORT: '6010' };
  const applied = loadEnvFile(file, { env });
  assert.deepEqual(applied.sort(), ['EMPTY', 'PUBLIC_SITE_URL']);
  assert.equal(env.API_PORT, '6010');
  assert.equal(env.PUBLIC_SITE_URL, 'https://kalike.example');
});

test('the default file may be missing; a named one must exist', () => {
  assert.deepEqual(loadEnvFile(path.join(directory, 'absent'), { env: {}, required: false }), []);
  assert.throws(() => loadEnvFile(path.join(directory, 'absent'), { env: {} }), /does not exist/);
  assert.deepEqual(loadEnvFile(null, { env: {} }), []);
});

test('--env-file and --no-env-file are taken out of the arguments', () => {
  assert.deepEqual(envFileOption(['--skip-build']), { envFile: defaultEnvFile, rest: ['--skip-build'] });
  assert.deepEqual(envFileOption(['--no-env-file', 'mfe-discover']), { envFile: null, rest: ['mfe-discover'] });
  assert.equal(envFileOption(['--env-file=ci.env']).envFile, path.resolve('ci.env'));
});
