import { z } from 'zod';
import {
  BARCODE_RULE_VALUES,
  barcodeRuleProblems,
  MAX_BARCODE_RULES,
  type BarcodeRuleProblem,
} from './barcode-rules.ts';

/** The barcode rules' API shapes (barcode-rules.ts holds the rules themselves, without zod). */

const PROBLEM_MESSAGES: Record<BarcodeRuleProblem, { path: string; message: string }> = {
  PREFIX: { path: 'prefix', message: 'The prefix must be 1–6 digits starting with 02, 04 or 2 (the in-store ranges)' },
  LENGTH: {
    path: 'valueDigits',
    message: 'Prefix, item digits, value check digit and value digits must fill the 12 digits before the check digit',
  },
  VALUE_CHECK_DIGITS: { path: 'valueCheckDigit', message: 'A value check digit needs a value of 4 or 5 digits' },
  DECIMALS: { path: 'decimals', message: 'Decimals: at most 3 and no more than the value digits; a count has none' },
};

const digitsCount = z.number().int().min(1).max(10);

/** The editor's body for one rule (create or replace). */
export const BarcodeRuleBodySchema = z
  .object({
    prefix: z.string().trim(),
    itemDigits: digitsCount,
    valueDigits: digitsCount,
    value: z.enum(BARCODE_RULE_VALUES),
    decimals: z.number().int().min(0).max(3),
    valueCheckDigit: z.boolean(),
    position: z.number().int().min(0).max(999),
  })
  .superRefine((rule, ctx) => {
    for (const problem of barcodeRuleProblems(rule)) {
      const { path, message } = PROBLEM_MESSAGES[problem];
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
export type BarcodeRuleBody = z.infer<typeof BarcodeRuleBodySchema>;

/** A stored rule as the API returns it. */
export const BarcodeRuleSchema = z.object({
  id: z.string(),
  prefix: z.string(),
  itemDigits: z.number().int(),
  valueDigits: z.number().int(),
  value: z.enum(BARCODE_RULE_VALUES),
  decimals: z.number().int(),
  valueCheckDigit: z.boolean(),
  position: z.number().int(),
});
export type StoredBarcodeRule = z.infer<typeof BarcodeRuleSchema>;

/**
 * `PUT /api/secure/barcode-rules`: the store's whole list, replaced at once (the editor saves the
 * list it shows). The first rule by position that claims a code reads it, so order matters.
 */
export const BarcodeRulesBodySchema = z.object({
  rules: z.array(BarcodeRuleBodySchema).max(MAX_BARCODE_RULES, `A store has at most ${MAX_BARCODE_RULES} rules`),
});
export type BarcodeRulesBody = z.input<typeof BarcodeRulesBodySchema>;

/** `GET /api/secure/barcode-rules`: the store's rules, by position. */
export const BarcodeRulesSchema = z.object({ rules: z.array(BarcodeRuleSchema) });
export type BarcodeRules = z.infer<typeof BarcodeRulesSchema>;
