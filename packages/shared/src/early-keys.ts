/**
 * The keys pressed before the web app's code has loaded: a barcode scanner fires its burst whenever
 * the cashier scans, and on a slow phone with nothing cached the app's bundle takes seconds to
 * arrive, so a scan into a counter still loading was lost, or its first digits.
 *
 * This tiny classic script runs inline in index.html's head, before anything else, and keeps every
 * keydown (at most 256) until the app's wedge-scanner hub takes them (`window[EARLY_KEYS_GLOBAL]()`
 * stops the recording and hands the events over) and replays them with their own timestamps. It
 * lives here because the server must allow it by hash in its Content-Security-Policy: one string,
 * so the HTML and the policy cannot drift apart.
 */
export const EARLY_KEYS_GLOBAL = '__shopdeskEarlyKeys';

export const EARLY_KEYS_SCRIPT =
  '(function(){var w=window,q=[];function k(e){if(q.length<256)q.push(e)}' +
  "w.addEventListener('keydown',k,true);" +
  `w.${EARLY_KEYS_GLOBAL}=function(){w.removeEventListener('keydown',k,true);delete w.${EARLY_KEYS_GLOBAL};return q}})();`;
