import type { ApiError } from '@shopdesk/shared';

/**
 * An error as it crosses from the SQLite write worker's thread to the main thread (a task's
 * failure, or a statement's): plain data that survives a structured clone, from which the main
 * thread builds the error again (an AppError as an AppError).
 */
export interface SentError {
  name: string;
  message: string;
  code?: string;
  statusCode?: number;
  details?: ApiError['details'];
  headers?: Record<string, string>;
}
