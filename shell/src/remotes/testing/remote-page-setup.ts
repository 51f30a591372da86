/**
 * What every RemotePage test needs before it renders: a registry that names all four remotes
 * (served to the shell's registry fetch), and quiet consoles, since the boundary and the
 * load-failure reporter log the remote failures these tests cause on purpose.
 */
export function serveRegistryAndSilenceFailureLogs(): void {
  const registry = {
    apiBaseUrl: '',
    remotes: Object.fromEntries(
      ['mfe_discover', 'mfe_enquiry', 'mfe_payments', 'mfe_sessions'].map((name) => [name, { entry: `http://127.0.0.1/${name}/mf-manifest.json` }]),
    ),
  };
  beforeEach(() => {
    global.fetch = jest.fn(async () => new Response(JSON.stringify(registry), { status: 200 })) as typeof fetch;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
}
