import { z } from 'zod';

export const ApiErrorDetailSchema = z.object({
  /** Dotted path of the bad field, e.g. `email` or `lines.0.quantity`. */
  field: z.string(),
  message: z.string(),
});

/** The one error shape of every API answer that is not a success. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(ApiErrorDetailSchema).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
