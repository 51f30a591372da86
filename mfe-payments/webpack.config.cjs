const { createWebpackConfig } = require('@kalike/shared/build/create-webpack-config');

module.exports = createWebpackConfig({
  dir: __dirname,
  federationName: 'mfe_payments',
  devPort: 4003,
  title: 'Kalike mfe-payments (standalone)',
  exposes: { './pages': './src/exposed/pages.tsx' },
});
