const { createWebpackConfig } = require('@kalike/shared/build/create-webpack-config');

module.exports = createWebpackConfig({
  dir: __dirname,
  federationName: 'mfe_sessions',
  devPort: 4004,
  title: 'Kalike mfe-sessions (standalone)',
  exposes: { './pages': './src/exposed/pages.tsx' },
});
