import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { preparePinVerifier } from '@shopdesk/shared';
import { lockTill } from '../../lib/till/till-lock.ts';
import { useTill } from '../../lib/till/till-state.ts';

const ROSTER_EVERY_MS = 60_000;

/**
 * What a till does on every one of its screens (the store shell runs it): keeps the roster (names,
 * rights, PIN verifiers and the lock settings) fresh while online, for the offline unlock, which
 * also tells it within a minute when it was turned off (the answer is 401 TILL_REVOKED); readies
 * the PIN hash's wasm while locked; locks after the store's idle minutes; and keeps what was read
 * for one member from the next (below).
 */
export function useTillUpkeep(onTill: boolean) {
  const qc = useQueryClient();
  const member = useTill((s) => s.member);
  const memberToken = useTill((s) => s.memberToken);
  const idleMinutes = useTill((s) => s.roster?.idleLockMinutes ?? 0);

  // What a till reads is its member's: most routes answer a locked till 401 TILL_LOCKED, and a
  // member without REPORTS gets their own sales only. Locked, what is not on screen (the last
  // member's sales, shift reports) goes; unlocked, what is on screen is read again as the new member.
  useEffect(() => {
    if (!onTill) return;
    if (memberToken) void qc.invalidateQueries();
    else qc.removeQueries({ type: 'inactive' });
  }, [onTill, memberToken, qc]);

  useEffect(() => {
    if (!onTill) return;
    // Loaded here, not with the shell: a device that is no till never needs it.
    const refresh = () =>
      import('../../lib/till/till-api.ts')
        .then(({ fetchRoster }) => fetchRoster())
        .then(
          (roster) => useTill.getState().setRoster(roster),
          () => {}, // Offline or refused: the kept roster stays (a revoked till is handled by the API client).
        );
    void refresh();
    const id = setInterval(refresh, ROSTER_EVERY_MS);
    return () => clearInterval(id);
  }, [onTill]);

  useEffect(() => {
    // The PIN pad is up: the argon2 wasm is ready before the last digit is typed.
    if (onTill && !member) void preparePinVerifier().catch(() => {});
  }, [onTill, member]);

  useEffect(() => {
    if (!onTill || !member || idleMinutes <= 0) return;
    let timer = 0;
    const arm = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void lockTill(), idleMinutes * 60_000);
    };
    const events = ['pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, arm, { passive: true });
    arm();
    return () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, arm);
    };
  }, [onTill, member, idleMinutes]);
}
