// What every web origin (the shell, each remote, a candidate build) tells browsers about
// itself, and how it treats the addresses and paths it passes on to the API.
// scripts/serve-app.mjs applies these; docs/security-web-origins.md says why.
import { createHash } from 'node:crypto';

/** Where Razorpay's Checkout.js comes from (mfe-payments/src/features/checkout/utils/razorpay-checkout.ts). */
const razorpay = {
  script: ['https://checkout.razorpay.com'],
  // Checkout.js opens its payment window as a frame from the API host and reports its own errors.
  frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/** mapbox-gl: styles, tiles and glyphs by fetch, its telemetry, workers built from blobs, sprites as blobs. */
const mapbox = {
  connect: ['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com'],
  images: ['https://api.mapbox.com'],
};

/** Where browsers send Content-Security-Policy violations: the API, same-origin through /v1. */
export const cspReportPath = '/v1/csp-reports';

/** The origins of every remote the registry document lists, stable and candidate builds alike. */
export function registryOrigins(registry) {
  const origins = new Set();
  for (const registration of Object.values(registry?.remotes ?? {})) {
    for (const entry of [registration?.entry, registration?.candidate?.entry]) {
      if (typeof entry === 'string' && entry !== '') origins.add(new URL(entry).origin);
    }
  }
  return [...origins].sort();
}

/** The API's own origin when pages call it directly instead of same-origin through /v1. */
function apiOrigins(registry) {
  const base = registry?.apiBaseUrl;
  return typeof base === 'string' && /^https?:\/\//.test(base) ? [new URL(base).origin] : [];
}

/** Where teachers' photos are read from when they are in a bucket (MEDIA_S3_PUBLIC_URL); else same-origin /media. */
export function mediaOrigins(publicUrl = process.env.MEDIA_S3_PUBLIC_URL) {
  return typeof publicUrl === 'string' && /^https?:\/\//.test(publicUrl.trim()) ? [new URL(publicUrl.trim()).origin] : [];
}

/**
 * `'sha256-…'` sources for the inline scripts of a built page, so exactly those run and no
 * other inline script does. Hashed from the file the server sends, so they can never drift.
 */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy directives of a web origin, from the registry document the
 * shell serves as /remotes.json: a moved remote is allowed as soon as the registry says so.
 * Styles allow 'unsafe-inline' (emotion writes style tags at run time; see the notes).
 */
export function cspDirectives({ registry, scriptHashes = [], media = mediaOrigins() }) {
  const remotes = registryOrigins(registry);
  const api = apiOrigins(registry);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remotes, ...razorpay.script, ...scriptHashes],
    styleSrc: ["'self'", ...remotes, "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...remotes, ...api, ...media, ...mapbox.images],
    fontSrc: ["'self'", 'data:', ...remotes],
    connectSrc: ["'self'", ...remotes, ...api, ...mapbox.connect, ...razorpay.connect],
    workerSrc: ["'self'", 'blob:'],
    childSrc: ['blob:'],
    frameSrc: razorpay.frames,
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    reportUri: [cspReportPath],
  };
}

/** Browser features a page may use: the learner's location on our own pages, nothing that listens or films. */
export const permissionsPolicy = 'geolocation=(self), camera=(), microphone=(), usb=(), serial=()';

/**
 * `TRUST_PROXY`, with the API's meaning (api/src/config.ts): `false`, `loopback` (the
 * default) or a comma list of addresses and CIDR ranges of the proxies in front of this
 * origin. Fastify then takes the client address from `x-forwarded-for` only through them.
 */
export function trustProxyFrom(env = process.env) {
  const raw = env.TRUST_PROXY?.trim() || 'loopback';
  if (raw === 'false') return false;
  if (!/^[0-9a-fA-F.:/,\sa-z]+$/.test(raw)) {
    throw new Error('TRUST_PROXY must be false, loopback, or a comma list of addresses/CIDRs');
  }
  return raw;
}

/**
 * The `x-forwarded-for` to send to the API: the addresses this origin's TRUST_PROXY vouches
 * for, client first, ending with the address that connected here (Fastify's `request.ips`,
 * closest first; unset when no proxy is trusted). Whatever a client wrote into the header
 * beyond the first untrusted hop is dropped, and the API walks what is left with its own
 * TRUST_PROXY.
 * @param {{ ips?: string[], socket: { remoteAddress?: string } }} request
 */
export function forwardedFor(request) {
  const closestFirst = request.ips ?? [request.socket.remoteAddress].filter(Boolean);
  return [...closestFirst].reverse().join(', ');
}

/**
 * Whether a request is for the API's development-only routes (`/v1/dev/…`), judged on the
 * path as the API's router will see it: percent-decoded, with repeated slashes and dot
 * segments resolved.
 */
export function isDevelopmentPath(url) {
  let pathname;
  try {
    pathname = new URL(url.replace(/\/{2,}/g, '/'), 'http://origin.invalid').pathname;
  } catch {
    return true;
  }
  let decoded = pathname;
  for (let round = 0; round < 3; round += 1) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return true;
    }
  }
  const normalised = new URL(decoded.replace(/\\/g, '/').replace(/\/{2,}/g, '/'), 'http://origin.invalid').pathname.toLowerCase();
  return normalised === '/v1/dev' || normalised.startsWith('/v1/dev/');
}
