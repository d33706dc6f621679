import type { z } from 'zod';
import type { TFunction } from './i18n/types.ts';
import { translateMessage } from './describe-error.ts';

/** First error message per top-level field of a failed zod parse, translated. */
export function zodFieldErrors(t: TFunction, error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in out)) out[field] = translateMessage(t, issue.message);
  }
  return out;
}

/** Validates one field's value with its schema; returns the translated message or undefined. */
export function fieldError(t: TFunction, schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : translateMessage(t, r.error.issues[0]?.message ?? '');
}
