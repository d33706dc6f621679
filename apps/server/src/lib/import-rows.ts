import type { z } from 'zod';

/**
 * What the CSV imports (products, customers) share about a file's rows: one problem per bad field
 * of a line, in the ImportBatchResult `errors` shape, so one bad line never sinks its batch.
 */
export interface RowError {
  line: number;
  field: string;
  message: string;
}

/** An empty or missing cell. */
export const isBlank = (v: string | number | boolean | undefined): boolean =>
  v === undefined || String(v).trim() === '';

/**
 * A schema's issues as the line's errors, one per field, after those already found for the line
 * (a cell the import read itself, such as a price, keeps its own message).
 */
export function issueErrors(line: number, issues: readonly z.core.$ZodIssue[], errors: RowError[]): RowError[] {
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'row');
    if (!errors.some((e) => e.line === line && e.field === field)) errors.push({ line, field, message: issue.message });
  }
  return errors;
}
