import { z } from 'zod';
import {
  currencySchema,
  emailSchema,
  localeSchema,
  passwordSchema,
  personNameSchema,
  storeNameSchema,
  timezoneSchema,
  urlNameSchema,
} from './validation.ts';

/** The logged user as the API returns it; the session keeps it as `loggedUser` (original.md §3). */
export const LoggedUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  locale: z.string(),
  imageId: z.string().nullable(),
  defaultStore: z.string(),
  defaultStoreId: z.string(),
  premium: z.number().int(),
  emailConfirmed: z.boolean(),
  createdAt: z.string(),
});
export type LoggedUser = z.infer<typeof LoggedUserSchema>;

export const SignUpBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: personNameSchema,
    storeName: storeNameSchema,
    urlName: urlNameSchema,
    mainCurrency: currencySchema,
    secondCurrency: currencySchema.nullish(),
    locale: localeSchema.optional(),
    timezone: timezoneSchema.optional(),
  })
  .refine((b) => b.secondCurrency == null || b.secondCurrency !== b.mainCurrency, {
    message: 'The second currency must differ from the main currency',
    path: ['secondCurrency'],
  });
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

/**
 * The answer to a sign-up, the same whether the address is new or already has an account (so it
 * reveals neither): where the mail went. The account is usable once the mailed link is opened.
 */
export const SignUpResponseSchema = z.object({ email: z.string() });
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

export const LoginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: LoggedUserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const SessionCheckResponseSchema = z.object({ user: LoggedUserSchema });
export type SessionCheckResponse = z.infer<typeof SessionCheckResponseSchema>;

export const ResendConfirmationBodySchema = z.object({ email: emailSchema });

export const ForgotPasswordParamsSchema = z.object({ email: emailSchema });

export const VerifyCodeBodySchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is 6 digits'),
});
export const VerifyCodeResponseSchema = z.object({ resetToken: z.string() });
export type VerifyCodeResponse = z.infer<typeof VerifyCodeResponseSchema>;

export const ResetPasswordBodySchema = z.object({
  resetToken: z.string().min(1, 'Reset token is required'),
  password: passwordSchema,
});

export const ProfileUpdateBodySchema = z.object({ name: personNameSchema, locale: localeSchema });
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

export const UpdatePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(128),
  newPassword: passwordSchema,
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBodySchema>;

/** Closing the account asks for the password again: it deletes the user's stores and everything in them. */
export const DeleteAccountBodySchema = z.object({
  password: z.string().min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;
