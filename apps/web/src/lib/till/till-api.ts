import {
  minPinLength,
  verifyPin,
  type Permission,
  type TillRoster,
  type TillSettings,
  type TillUnlockResult,
} from '@shopdesk/shared';
import { secureApi } from '../api-client.ts';
import { NetworkError } from '../api-error.ts';
import { offlineCleared, offlineGate, offlineWrong, onlineAgain, type OfflineGate } from './offline-tries.ts';
import { useTill, type TillUser } from './till-state.ts';

/** The till's roster (SETTINGS): members with names, rights and PIN hashes, and the lock settings. */
export function fetchRoster(store: string, signal?: AbortSignal): Promise<TillRoster> {
  return secureApi.request<TillRoster>('/api/secure/till/members', { store, signal });
}

export function saveTillSettings(store: string, body: TillSettings): Promise<TillRoster> {
  return secureApi.request<TillRoster>('/api/secure/till/settings', { store, method: 'PUT', body });
}

/**
 * Sets a member's PIN. On a till, `tillMember` names the member unlocked there: the server then
 * lets them set their own PIN only, never the PIN of the person whose session the till runs on.
 */
export function setMemberPin(store: string, userId: string, pin: string, tillMember?: string): Promise<void> {
  return secureApi.request<void>(
    `/api/secure/virtual-store/${encodeURIComponent(store)}/member/${encodeURIComponent(userId)}/pin`,
    { method: 'PUT', body: { pin, ...(tillMember ? { tillMember } : {}) } },
  );
}

/**
 * Offline: the chosen member's PIN checked against their kept hash only (argon2id, or a former
 * PBKDF2 hash, as on the server), throttled on this till per member (offline-tries.ts): no hash
 * is computed while the member must wait or is locked.
 */
async function checkOffline(
  store: string,
  userId: string,
  pin: string,
  approve?: Permission,
): Promise<TillUser | OfflineRefusal> {
  const gate = offlineGate(store, userId);
  if (gate.kind !== 'open') return gate;
  const member = useTill.getState().roster?.members.find((m) => m.userId === userId);
  if (!member || !(await verifyPin(pin, member.pinHash))) {
    const after = offlineWrong(store, userId);
    return after.kind === 'open' ? 'wrong' : after;
  }
  offlineCleared(store, userId);
  const { pinHash: _hash, ...user } = member;
  if (approve && user.role !== 'OWNER' && !user.permissions.includes(approve)) return 'lacks';
  return user;
}

/** Why an offline check refused: a wrong PIN, a member who may not approve, or the till's own throttle. */
export type OfflineRefusal = 'wrong' | 'lacks' | Exclude<OfflineGate, { kind: 'open' }>;

/** `newPinNeeded`: the PIN unlocked, but the member's rights now need a longer one (6 digits). */
export type PinCheck =
  | { ok: true; member: TillUser; offline: boolean; newPinNeeded: boolean }
  | { ok: false; error: OfflineRefusal | unknown };

/**
 * Checks a member's PIN: on the server when it answers (throttled there per device and member),
 * else against the kept hashes, so the till unlocks offline too (throttled on the till). Errors
 * other than no network (a wrong PIN, a wait, a missing permission) are the server's and shown as
 * they are; any answer of the server means the till is online, so the offline count is dropped.
 */
export async function checkPin(store: string, userId: string, pin: string, approve?: Permission): Promise<PinCheck> {
  try {
    const result = await secureApi.request<TillUnlockResult>('/api/secure/till/unlock', {
      store,
      method: 'POST',
      body: { userId, pin, ...(approve ? { approve } : {}) },
    });
    onlineAgain();
    return { ok: true, member: result.member, offline: false, newPinNeeded: result.newPinNeeded };
  } catch (error) {
    if (!(error instanceof NetworkError)) {
      onlineAgain();
      return { ok: false, error };
    }
    const offline = await checkOffline(store, userId, pin, approve);
    if (typeof offline === 'string' || 'kind' in offline) return { ok: false, error: offline };
    return { ok: true, member: offline, offline: true, newPinNeeded: pin.length < minPinLength(offline) };
  }
}
