import { describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';

describe('errorText (original.md §8)', () => {
  it('is empty for 401 whatever the body', () => {
    expect(errorText(401, 'Unauthorized', { message: 'Log in' })).toBe('');
    expect(errorText(401, 'Unauthorized', 'text')).toBe('');
  });
  it('uses a non-empty string body first', () => {
    expect(errorText(500, 'Internal Server Error', 'Database is down')).toBe('Database is down');
  });
  it('then the body message', () => {
    expect(errorText(400, 'Bad Request', { message: 'Email is required', code: 'VALIDATION_ERROR' })).toBe(
      'Email is required',
    );
  });
  it('then the status text', () => {
    expect(errorText(404, 'Not Found', '')).toBe('Not Found');
    expect(errorText(404, 'Not Found', '   ')).toBe('Not Found');
    expect(errorText(404, 'Not Found', { code: 'X' })).toBe('Not Found');
    expect(errorText(404, 'Not Found', { message: '' })).toBe('Not Found');
    expect(errorText(404, 'Not Found', null)).toBe('Not Found');
  });
  it('then the status code', () => {
    expect(errorText(502, '', '')).toBe('502');
    expect(errorText(429, undefined, undefined)).toBe('429');
  });
});
