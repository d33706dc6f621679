import {
  minPinLength,
  hasPermission,
  memberToken,
  proofMessage,
  signProof,
  tillKeyOf,
  unlockWithVerifier,
  type Approval,
  type CreatedTill,
  type Permission,
  type TillDeviceList,
  type TillRoster,
  type TillSettings,
  type TillUnlockResult,
} from '@shopdesk/shared';
import { secureApi } from '../api-client.ts';
import { ContractError, NetworkError } from '../api-error.ts';
import { offlineCleared, offlineGate, offlineWrong, onlineAgain, type OfflineGate } from './offline-tries.ts';
import { useTill, type TillUser } from './till-state.ts';

const TILL = '/api/secure/till';

/** `POST /till/device` from a person's session: this device becomes a till of `store` (the session ends). */
export function createTill(store: string, name: string): Promise<CreatedTill> {
  return secureApi.request<CreatedTill>(`${TILL}/device`, { store, method: 'POST', body: { name } });
}

/** `GET /till/device` from a person's session (SETTINGS): the store's tills, to name the next one. */
export function listTills(store: string, signal?: AbortSignal): Promise<TillDeviceList> {
  return secureApi.request<TillDeviceList>(`${TILL}/device`, { store, signal });
}

/** `POST /till/leave` from the till itself: leaving till mode, with a SETTINGS member's approval. */
export function leaveTill(approval: Approval): Promise<void> {
  return secureApi.request<void>(`${TILL}/leave`, { method: 'POST', body: { approval } });
}

/** The till's roster (till token only): members with names, rights and PIN verifiers, and the lock settings. */
export function fetchRoster(signal?: AbortSignal): Promise<TillRoster> {
  return secureApi.request<TillRoster>(`${TILL}/members`, { signal });
}

/** The lock settings; from a till, with an approval when the member on it lacks SETTINGS. */
export function saveTillSettings(body: TillSettings & { approval?: Approval }): Promise<TillRoster> {
  return secureApi.request<TillRoster>(`${TILL}/settings`, { method: 'PUT', body });
}

/**
 * Sets a member's PIN. From a person's session, their own; on a till, the member unlocked there
 * (the header says who, and the server lets them set only their own).
 */
export function setMemberPin(store: string, userId: string, pin: string): Promise<void> {
  return secureApi.request<void>(
    `/api/secure/virtual-store/${encodeURIComponent(store)}/member/${encodeURIComponent(userId)}/pin`,
    { store, method: 'PUT', body: { pin } },
  );
}

/** An approval asked of a member's PIN: the permission, for the action whose clientId this is. */
export interface ApprovalAsk {
  permission: Permission;
  clientId: string;
}

/** Why an offline check refused: a wrong PIN, a member who may not approve, or the till's own throttle. */
export type OfflineRefusal = 'wrong' | 'lacks' | Exclude<OfflineGate, { kind: 'open' }>;

/**
 * A PIN that checked out: the member and, for an unlock, the token the till sends as
 * X-Till-Member, or for an approval, the approval the action carries. `newPinNeeded`: the PIN
 * unlocked, but the member's rights now need a longer one (6 digits).
 */
export interface PinAccepted {
  member: TillUser;
  offline: boolean;
  newPinNeeded: boolean;
  memberToken: string | null;
  approval: Approval | null;
}

export type PinCheck = ({ ok: true } & PinAccepted) | { ok: false; error: OfflineRefusal | unknown };

/**
 * Offline: the chosen member's PIN checked against their kept verifier only (one memory-hard hash,
 * as on the server), throttled on this till per member (offline-tries.ts): no hash is computed
 * while the member must wait or is locked. The hash the PIN gives is the member's secret: their
 * key signs the member token or the approval the server checks at sync, and is then dropped.
 */
async function checkOffline(userId: string, pin: string, approve?: ApprovalAsk): Promise<PinCheck> {
  const { store, tillId, roster } = useTill.getState();
  if (!store || !tillId) return { ok: false, error: 'wrong' };
  const gate = offlineGate(store, userId);
  if (gate.kind !== 'open') return { ok: false, error: gate };
  const kept = roster?.members.find((m) => m.userId === userId);
  const secret = kept ? await unlockWithVerifier(pin, kept.pinVerifier) : null;
  if (!kept || !secret) {
    const after = offlineWrong(store, userId);
    return { ok: false, error: after.kind === 'open' ? 'wrong' : after };
  }
  offlineCleared(store, userId);
  const { pinVerifier: _verifier, ...member } = kept;
  if (approve && !hasPermission(member, approve.permission)) return { ok: false, error: 'lacks' };
  const key = await tillKeyOf(secret);
  secret.fill(0);
  const accepted = { ok: true as const, member, offline: true, newPinNeeded: pin.length < minPinLength(member) };
  if (approve) {
    const { permission, clientId } = approve;
    const proof = await signProof(key, proofMessage.approval(tillId, userId, permission, clientId));
    return {
      ...accepted,
      memberToken: null,
      approval: { kind: 'offline', approvedBy: userId, permission, clientId, proof },
    };
  }
  return { ...accepted, memberToken: await memberToken(key, tillId, userId, Date.now()), approval: null };
}

/**
 * Checks a member's PIN on the till: on the server when it answers (throttled there per till and
 * member), else against the kept verifiers, so the till unlocks and approves offline too (throttled
 * on the till). With `approve`, the answer is an approval for that one action instead of an
 * unlock. Errors other than no network (a wrong PIN, a wait, a missing permission) are the
 * server's and shown as they are; any answer of the server means the till is online, so the
 * offline count is dropped.
 */
export async function checkPin(userId: string, pin: string, approve?: ApprovalAsk): Promise<PinCheck> {
  try {
    const result = await secureApi.request<TillUnlockResult>(`${TILL}/unlock`, {
      method: 'POST',
      body: { userId, pin, ...(approve ? { approve: approve.permission, clientId: approve.clientId } : {}) },
      // Who types a PIN is not yet who acts: the member unlocked now stays unlocked meanwhile.
      tillMember: null,
    });
    onlineAgain();
    const memberToken = result.memberToken ?? null;
    const approval = result.approval ?? null;
    if (approve ? !approval : !memberToken) throw new ContractError(`${TILL}/unlock`, 'no token');
    return {
      ok: true,
      member: result.member,
      offline: false,
      newPinNeeded: result.newPinNeeded,
      memberToken,
      approval,
    };
  } catch (error) {
    if (!(error instanceof NetworkError)) {
      if (!(error instanceof ContractError)) onlineAgain();
      return { ok: false, error };
    }
    return checkOffline(userId, pin, approve);
  }
}
