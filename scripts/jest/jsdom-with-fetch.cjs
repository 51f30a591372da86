// jsdom lacks the WHATWG fetch family; ky and react-query need Node's real ones.
const { TestEnvironment } = require(require.resolve('jest-environment-jsdom', { paths: [process.cwd()] }));

const nodeGlobals = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
  'DOMException',
];

module.exports = class JsdomWithNodeFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of nodeGlobals) this.global[name] = globalThis[name];
  }
};
