/**
 * This build's version: `BUILD_VERSION` when the deploy sets one (e.g. 2026-11-22.1), else
 * the package version, written in at build time (webpack.config.cjs). Tests see "dev".
 */
export const buildVersion: string = process.env.MFE_PAYMENTS_BUILD_VERSION ?? 'dev';
