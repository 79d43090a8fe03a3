// Entry point Zapier loads: the app compiled by `npm run build` (esbuild bundles src/ and the shared
// client into dist/, leaving zapier-platform-core as the only runtime dependency).
module.exports = require('./dist/index.js').default;
