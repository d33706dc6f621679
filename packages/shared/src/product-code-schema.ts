import { z } from 'zod';
import { productCodeProblem } from './barcode.ts';

/** A product code as the API takes it: trimmed, then `productCodeProblem`'s rules as messages. */
export const productCodeSchema = z
  .string({ error: 'Barcode is required' })
  .trim()
  .superRefine((code, ctx) => {
    const problem = productCodeProblem(code);
    if (problem === 'FORMAT') {
      ctx.addIssue({
        code: 'custom',
        message: 'Barcode must be 1–48 letters, digits, dots, dashes or underscores',
      });
    } else if (problem === 'CHECK_DIGIT') {
      ctx.addIssue({
        code: 'custom',
        message: `The last digit of this ${code.length}-digit barcode does not match: check for a typo`,
      });
    }
  });
