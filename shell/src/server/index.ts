// The shell's server build (docs/server-rendering.md): scripts/serve-app.mjs requires
// dist/server/render.js and calls these. The dynamic import is the async boundary behind which
// federation negotiates the shared singletons with the remotes' server builds.
import type { ServerRenderer, ServerRendererOptions } from './server-renderer';

export type { RenderRequest, RenderResult, ServerRenderer, ServerRendererOptions } from './server-renderer';

export async function createServerRenderer(options: ServerRendererOptions): Promise<ServerRenderer> {
  const { createServerRenderer: create } = await import('./server-renderer');
  return create(options);
}
