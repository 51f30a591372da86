const { createWebpackConfig } = require('@kalike/shared/build/create-webpack-config');

module.exports = createWebpackConfig({
  dir: __dirname,
  federationName: 'shell',
  devPort: 4000,
  title: 'Kalike: find teachers and classes near you in Bengaluru',
});
