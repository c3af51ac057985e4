/**
 * A one-time key may arrive in the real query string (…/?key=XYZ) rather than in the hash route.
 * Imported first by main.tsx, before the hash router reads the address, it hands the key to the
 * login route (#/login?key=XYZ) and drops it from the query string.
 */
const key = new URLSearchParams(window.location.search).get('key');
if (key) {
  window.history.replaceState(null, '', `${window.location.pathname}#/login?key=${encodeURIComponent(key)}`);
}
