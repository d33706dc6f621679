import {
  MEMBER_CODE_PATTERN,
  UpdateCustomerBodySchema,
  unprotectFormula,
  type CustomerImportRow,
} from '@shopdesk/shared';
import { isBlank, issueErrors, type RowError } from '../../lib/import-rows.ts';
import { normalizeCode, type CustomerInput } from './customer-fields.ts';

export type CustomerField = 'name' | 'nameKana' | 'phone' | 'email' | 'note' | 'marketingConsent';

export interface ParsedCustomerRow {
  line: number;
  /** The member code the row names (kept on create, matched on update); null: a new code is made. */
  code: string | null;
  customer: CustomerInput;
  /** Fields the row gave; on update the others keep their value. */
  given: Set<CustomerField>;
}

const TEXT_FIELDS = ['name', 'nameKana', 'phone', 'email', 'note'] as const;
const YES = new Set(['1', 'true', 'yes', 'y']);
const NO = new Set(['0', 'false', 'no', 'n']);

/**
 * Checks one CSV row with the rules of creating a customer (shared UpdateCustomerBodySchema: a name
 * or a phone, strict text), after reading the consent cell and the member code. Returns the row or
 * every problem of the line, each naming its field.
 */
export function parseCustomerRow(row: CustomerImportRow): ParsedCustomerRow | RowError[] {
  const errors: RowError[] = [];
  const given = new Set<CustomerField>();
  const candidate: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = row[field];
    if (value === undefined) continue;
    candidate[field] = unprotectFormula(value).trim();
    given.add(field);
  }
  if (!isBlank(row.marketingConsent)) {
    const text = String(row.marketingConsent).trim().toLowerCase();
    if (YES.has(text) || NO.has(text)) {
      candidate.marketingConsent = YES.has(text);
      given.add('marketingConsent');
    } else {
      errors.push({
        line: row.line,
        field: 'marketingConsent',
        message: 'Marketing consent must be yes or no (1/0, true/false)',
      });
    }
  }
  let code: string | null = null;
  if (!isBlank(row.code)) {
    code = normalizeCode(row.code!);
    if (!MEMBER_CODE_PATTERN.test(code)) {
      errors.push({ line: row.line, field: 'code', message: 'Member code must be M and 10 digits' });
    }
  }
  const parsed = UpdateCustomerBodySchema.safeParse(candidate);
  if (!parsed.success) issueErrors(row.line, parsed.error.issues, errors);
  if (errors.length > 0 || !parsed.success) return errors;
  return { line: row.line, code, customer: parsed.data, given };
}
