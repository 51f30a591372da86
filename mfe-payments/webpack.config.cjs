const { createWebpackConfig } = require('@kalike/shared/build/create-webpack-config');
const { version } = require('./package.json');

module.exports = createWebpackConfig({
  dir: __dirname,
  federationName: 'mfe_payments',
  devPort: 4003,
  title: 'Kalike mfe-payments (standalone)',
  exposes: { './pages': './src/exposed/pages.tsx' },
  // Shown on each page's root (data-build-version), so which deploy served a page can be read from it.
  define: { 'process.env.MFE_PAYMENTS_BUILD_VERSION': process.env.BUILD_VERSION || version },
});
