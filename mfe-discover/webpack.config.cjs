const { createWebpackConfig } = require('@kalike/shared/build/create-webpack-config');

module.exports = createWebpackConfig({
  dir: __dirname,
  federationName: 'mfe_discover',
  devPort: 4001,
  title: 'Kalike mfe-discover (standalone)',
  exposes: { './pages': './src/exposed/pages.tsx' },
  // Its public pages are rendered on the server too (docs/server-rendering.md).
  serverRendered: true,
});
