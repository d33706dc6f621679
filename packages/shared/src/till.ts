import { z } from 'zod';
import { PIN_PATTERN } from './pin-hash.ts';
import { PERMISSIONS, STAFF_ROLES } from './staff.ts';

/*
 * Till mode (product.md §2): a shared device of one store where members switch with a PIN. The
 * PIN hashes travel to the till (only to a session with SETTINGS) so it also unlocks offline.
 */

export const pinSchema = z.string().regex(PIN_PATTERN, { error: 'A PIN is 4 to 6 digits' });

/** A user's id in a path or body: letters, digits and dashes (a UUID). */
export const memberIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Not a member id' });

/**
 * `PUT /virtual-store/{urlName}/member/{userId}/pin`. From a till, `tillMember` names the member
 * unlocked there: the PIN set is then theirs only ("My PIN" on a shared device). The length the
 * member's rights need (4 to 6 digits, 6 for one who may approve) is checked by the server.
 */
export const SetPinBodySchema = z.object({ pin: pinSchema, tillMember: memberIdSchema.optional() });
export type SetPinBody = z.infer<typeof SetPinBodySchema>;

export const MemberPinParamsSchema = z.object({ urlName: z.string().min(1).max(64), userId: memberIdSchema });

/** One member as the till shows and checks them: name, rights and the PIN hash (null: no PIN yet). */
export const TillMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  maxDiscount: z.number().int(),
  pinHash: z.string().nullable(),
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

/**
 * `POST /till/unlock`: the member chosen on the PIN pad and their PIN; with `approve`, the check of
 * an approver's PIN for one action (the member must hold that permission).
 */
export const TillUnlockBodySchema = z.object({
  userId: memberIdSchema,
  pin: pinSchema,
  approve: z.enum(PERMISSIONS).optional(),
});
export type TillUnlockBody = z.infer<typeof TillUnlockBodySchema>;

/**
 * The member unlocked; `newPinNeeded` when their PIN is shorter than their rights now need (they
 * may approve, so 6 digits): it still unlocks, and the till asks them to set a longer one.
 */
export const TillUnlockResultSchema = z.object({
  member: TillMemberSchema.omit({ pinHash: true }),
  newPinNeeded: z.boolean(),
});
export type TillUnlockResult = z.infer<typeof TillUnlockResultSchema>;
