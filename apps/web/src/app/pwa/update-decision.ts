/**
 * - `none`: this page runs the newest version the browser knows.
 * - `waiting`: a new service worker is installed and waits for this page's word (skipWaiting).
 * - `taken-over`: another tab applied a new version; this page still runs the old code and needs
 *   a reload (its lazily loaded screens are no longer in the cache nor on the server).
 */
export type PendingUpdate = 'none' | 'waiting' | 'taken-over';

/**
 * What just happened:
 * - `found`: the new version was found now (or at start);
 * - `released`: the last hold ended (the counter's sale is done, its cart empty);
 * - `navigation`: the user moved to another screen (a form left behind is gone anyway);
 * - `hidden`: the app went to the background, so a reload is not seen;
 * - `user`: the user chose "Update now".
 */
export type UpdateTrigger = 'found' | 'released' | 'navigation' | 'hidden' | 'user';

export type UpdateDecision = 'nothing' | 'announce' | 'apply';

/**
 * Whether to apply a new version now. Never while something holds it (a cart at the counter, a
 * sale mid-payment) unless the user asks; otherwise at the next quiet moment, not the instant it
 * is found, because a reload under someone typing loses what they typed. Until then it is announced.
 */
export function decideUpdate(pending: PendingUpdate, held: boolean, trigger: UpdateTrigger): UpdateDecision {
  if (pending === 'none') return 'nothing';
  if (trigger === 'user') return 'apply';
  if (held || trigger === 'found') return 'announce';
  return 'apply';
}
