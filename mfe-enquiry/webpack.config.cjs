const { createWebpackConfig } = require('@kalike/shared/build/create-webpack-config');

module.exports = createWebpackConfig({
  dir: __dirname,
  federationName: 'mfe_enquiry',
  devPort: 4002,
  title: 'Kalike mfe-enquiry (standalone)',
  exposes: { './pages': './src/exposed/pages.tsx' },
});
