import { z } from 'zod';
import { PIN_PATTERN } from './pin-hash.ts';
import { PERMISSIONS, STAFF_ROLES } from './staff.ts';
import { singleLineText } from './validation.ts';

/*
 * Till mode (product.md §2): a shared device of one store, with a till token of its own, where
 * members switch with a PIN. PIN verifiers (never the hashes) travel to till tokens only, so a
 * till also unlocks offline (till-proof.ts).
 */

export const pinSchema = z.string().regex(PIN_PATTERN, { error: 'A PIN is 4 to 6 digits' });

/** A user's id in a path or body: letters, digits and dashes (a UUID). */
export const memberIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Not a member id' });

/**
 * `PUT /virtual-store/{urlName}/member/{userId}/pin`. From a till, only the member unlocked there
 * sets a PIN, their own ("My PIN" on a shared device). The length the member's rights need (4 to
 * 6 digits, 6 for one who may approve) is checked by the server.
 */
export const SetPinBodySchema = z.object({ pin: pinSchema });
export type SetPinBody = z.infer<typeof SetPinBodySchema>;

/**
 * How an action a member lacks a right for is approved (product.md §2, manager approval). Online:
 * the grant the server signed when the approver's PIN was checked (`POST /till/unlock` with
 * `approve`), for that action's clientId, valid 10 minutes, usable once. Offline: the approver's
 * proof made on the till with their PIN (till-proof.ts), which the server checks at sync. A bare
 * member id approves nothing.
 */
export const ApprovalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('online'), grant: z.string().regex(/^[A-Za-z0-9_.-]{20,800}$/, 'Not an approval') }),
  z.object({
    kind: z.literal('offline'),
    approvedBy: memberIdSchema,
    permission: z.enum(PERMISSIONS),
    /** The action the approval was given for: its clientId (or, for one without, a UUID the till made for it). */
    clientId: z.uuid({ error: 'clientId must be a UUID made by the device' }),
    proof: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an approval'),
  }),
]);
export type Approval = z.infer<typeof ApprovalSchema>;

export const MemberPinParamsSchema = z.object({ urlName: z.string().min(1).max(64), userId: memberIdSchema });

/** One member as the till shows and checks them: name, rights and the PIN hash (null: no PIN yet). */
export const TillMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  maxDiscount: z.number().int(),
  /** What the till checks a typed PIN against offline (till-proof.ts); null: no PIN yet. Never the hash itself. */
  pinVerifier: z.string().nullable(),
});
export type TillMember = z.infer<typeof TillMemberSchema>;

/** `GET /till/members`: what a till keeps to unlock offline, with the store's lock settings. */
export const TillRosterSchema = z.object({
  lockAfterSale: z.boolean(),
  idleLockMinutes: z.number().int(),
  members: z.array(TillMemberSchema),
});
export type TillRoster = z.infer<typeof TillRosterSchema>;

/** `PUT /till/settings`: lock after each sale, and after this many idle minutes (0 = never). */
export const TillSettingsSchema = z.object({
  lockAfterSale: z.boolean(),
  idleLockMinutes: z.number().int().min(0).max(240),
});
export type TillSettings = z.infer<typeof TillSettingsSchema>;

/** `PUT /till/settings`: on a till, a member without SETTINGS sends the approval of one with it. */
export const TillSettingsBodySchema = TillSettingsSchema.extend({ approval: ApprovalSchema.optional() });
export type TillSettingsBody = z.infer<typeof TillSettingsBodySchema>;

/**
 * `POST /till/unlock`: the member chosen on the PIN pad and their PIN; with `approve`, the check of
 * an approver's PIN for one action (the member must hold that permission).
 */
export const TillUnlockBodySchema = z
  .object({
    userId: memberIdSchema,
    pin: pinSchema,
    approve: z.enum(PERMISSIONS).optional(),
    /** With `approve`: the action the approval is for (its clientId); the grant is bound to it. */
    clientId: z.uuid({ error: 'clientId must be a UUID made by the device' }).optional(),
  })
  .refine((b) => !b.approve || b.clientId !== undefined, {
    message: 'An approval is for one action: send its clientId',
    path: ['clientId'],
  });
export type TillUnlockBody = z.infer<typeof TillUnlockBodySchema>;

/**
 * The member unlocked; `newPinNeeded` when their PIN is shorter than their rights now need (they
 * may approve, so 6 digits): it still unlocks, and the till asks them to set a longer one.
 */
export const TillUnlockResultSchema = z.object({
  member: TillMemberSchema.omit({ pinVerifier: true }),
  newPinNeeded: z.boolean(),
  /** Without `approve`: the member token the till sends as `X-Till-Member` while they stay unlocked. */
  memberToken: z.string().optional(),
  /** With `approve`: the server's single-use grant for that action, valid 10 minutes. */
  approval: ApprovalSchema.optional(),
});
export type TillUnlockResult = z.infer<typeof TillUnlockResultSchema>;


/** `POST /till/device`: turns this device into a till of the store, under this name. */
export const CreateTillBodySchema = z.object({
  name: singleLineText({ label: 'Name', min: 1, max: 60 }),
});
export type CreateTillBody = z.infer<typeof CreateTillBodySchema>;

/** The new till: the device keeps `tillToken` (sent as `Authorization: Bearer` with X-Store) in place of the session. */
export const CreatedTillSchema = z.object({ id: z.string(), name: z.string(), tillToken: z.string() });
export type CreatedTill = z.infer<typeof CreatedTillSchema>;

/** One till of the store as the owner sees it. */
export const TillDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdBy: z.object({ userId: z.string(), name: z.string() }),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TillDevice = z.infer<typeof TillDeviceSchema>;
export const TillDeviceListSchema = z.object({ tills: z.array(TillDeviceSchema) });
export type TillDeviceList = z.infer<typeof TillDeviceListSchema>;

/** `GET /till/device/current`: the till this token is (a till checks it is still one). */
export const CurrentTillSchema = z.object({ id: z.string(), name: z.string(), store: z.string() });
export type CurrentTill = z.infer<typeof CurrentTillSchema>;

export const TillDeviceParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a till id') });

/** `DELETE /till/device/{id}` from the till itself (leaving till mode) carries a SETTINGS member's approval. */
export const LeaveTillBodySchema = z.object({ approval: ApprovalSchema }).partial();
export type LeaveTillBody = z.infer<typeof LeaveTillBodySchema>;
