import { z } from 'zod';
import { multiLineText, singleLineText } from './validation.ts';

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 5000;

/** POST /api/secure/support: the same rules for the form and the API. */
export const SupportRequestBodySchema = z.object({
  subject: singleLineText({ label: 'Subject', min: 1, max: SUPPORT_SUBJECT_MAX }),
  message: multiLineText({ label: 'Message', min: 1, max: SUPPORT_MESSAGE_MAX }),
});
export type SupportRequestBody = z.infer<typeof SupportRequestBodySchema>;

/**
 * The stored request: `replyTo` is the caller's address, where support answers (and the copy went);
 * `mailedTo` the support address it was mailed to, or null when the server has none (then it is
 * only stored, for the administrator of the installation).
 */
export const SupportRequestSchema = z.object({
  id: z.string(),
  subject: z.string(),
  replyTo: z.string(),
  mailedTo: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;

/** GET /api/secure/support: where a request will go, shown on the form before sending. */
export const SupportInfoSchema = z.object({
  /** The server's support address; null: requests are stored for the administrator only. */
  supportEmail: z.string().nullable(),
});
export type SupportInfo = z.infer<typeof SupportInfoSchema>;
