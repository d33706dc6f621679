import { z } from 'zod';
import { MEMBER_ROLES, PERMISSIONS, STAFF_ROLES } from './staff.ts';
import { emailSchema, localeSchema, passwordSchema, personNameSchema } from './validation.ts';

/** How long an invitation link works (product.md §2). */
export const INVITATION_DAYS = 7;

/**
 * An invitation token: the store's id, then a 128-bit random nonce and its HMAC signature, both
 * 22 base64url characters. The store id lets the server read the invitation in its store's shard;
 * the signature binds the nonce to the store, the invited email and the expiry.
 */
export const INVITATION_TOKEN_PATTERN = /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

/** The web app's path of an invitation link: `{appUrl}/invite/{token}`. */
export const INVITE_PATH = '/invite/';

const permissionsSchema = z
  .array(z.enum(PERMISSIONS, { error: 'Unknown permission' }))
  .max(PERMISSIONS.length)
  .refine((list) => new Set(list).size === list.length, { message: 'A permission is listed twice' });

/** Basis points of a line or the cart (10000 = 100%). */
const maxDiscountSchema = z
  .number({ error: 'Maximum discount is required' })
  .int('Maximum discount is in basis points (whole numbers)')
  .min(0, 'Maximum discount cannot be negative')
  .max(10000, 'Maximum discount is at most 100%');

/** One person's access to a store (product.md §4): the owner's row or a member's. */
export const StoreMemberSchema = z.object({
  storeId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  maxDiscount: z.number().int(),
  hasPin: z.boolean(),
  createdAt: z.string(),
});
export type StoreMember = z.infer<typeof StoreMemberSchema>;

/** A pending or accepted invitation (product.md §4), with the rights the member will get. */
export const InvitationSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  maxDiscount: z.number().int(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** Omitted permissions and maximum discount take the role's defaults (staff.ts). */
export const InviteBodySchema = z.object({
  email: emailSchema,
  role: z.enum(MEMBER_ROLES, { error: 'Choose Manager or Cashier' }),
  permissions: permissionsSchema.optional(),
  maxDiscount: maxDiscountSchema.optional(),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

export const UpdateMemberBodySchema = z.object({
  role: z.enum(MEMBER_ROLES, { error: 'Choose Manager or Cashier' }),
  permissions: permissionsSchema,
  maxDiscount: maxDiscountSchema,
});
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

export const MemberParamsSchema = z.object({
  urlName: z.string().min(1).max(64),
  userId: z.string().uuid('Must be a UUID'),
});
export const InvitationParamsSchema = z.object({
  urlName: z.string().min(1).max(64),
  id: z.string().uuid('Must be a UUID'),
});
export const InvitationTokenParamsSchema = z.object({
  token: z.string().regex(INVITATION_TOKEN_PATTERN, 'This is not an invitation link'),
});

/**
 * What the invitation link shows before anyone logs in: the store, who invited, the role and the
 * address it was sent to. Nothing about whether that address has an account.
 */
export const InvitationPreviewSchema = z.object({
  storeName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** Accepting with a new account: the link proves the address, so the account starts confirmed. */
export const AcceptInvitationBodySchema = z.object({
  name: personNameSchema,
  password: passwordSchema,
  locale: localeSchema.optional(),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;
