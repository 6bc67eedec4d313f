// How long a client may take: its headers within 20 s (a slow-headers client
// holds a connection for no more), its whole request within 120 s (a 10 MB upload on a phone at
// 1 Mbit/s takes about 84 s and still completes). Node checks them every second here (its default
// is every 30 s). HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS change them for tests.

export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * The options for http.createServer.
 * @param {Record<string, string | undefined>} env
 */
export function serverTimeouts(env = process.env) {
  const ms = (value, fallback) => (/^\d+$/.test(value ?? "") && Number(value) > 0 ? Number(value) : fallback);
  const requestTimeout = ms(env.REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS);
  // Node requires headersTimeout <= requestTimeout.
  const headersTimeout = Math.min(ms(env.HEADERS_TIMEOUT_MS, HEADERS_TIMEOUT_MS), requestTimeout);
  return { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1_000, headersTimeout) };
}
