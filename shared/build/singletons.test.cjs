const fs = require('node:fs');
const path = require('node:path');
const { statefulSharedModules } = require('./shared-singletons.cjs');

const sourceRoot = path.join(__dirname, '../src');

/** Module-level state: a mutable binding, a store, a client, a cache, a React context (its identity). */
const statePatterns = [/createContext\s*[<(]/, /^let /m, /createStore\s*[<(]/, /new QueryClient\(/, /^(export )?const \w+ = new (Map|WeakMap|Set)\b/m];

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('shared singletons', () => {
  const stateful = sourceFiles(sourceRoot)
    .filter((file) => statePatterns.some((pattern) => pattern.test(fs.readFileSync(file, 'utf8'))))
    .map((file) => path.relative(sourceRoot, file).replace(/\.tsx?$/, ''));

  it('shares every module of shared that holds module-level state', () => {
    expect(stateful.length).toBeGreaterThan(5);
    expect(statefulSharedModules).toEqual(expect.arrayContaining(stateful));
  });

  it('lists only modules that exist', () => {
    for (const subpath of statefulSharedModules) {
      expect(fs.existsSync(path.join(sourceRoot, `${subpath}.ts`)) || fs.existsSync(path.join(sourceRoot, `${subpath}.tsx`))).toBe(true);
    }
  });
});
