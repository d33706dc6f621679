import { describe, expect, it } from 'vitest';
import { decideUpdate, type UpdateTrigger } from './update-decision.ts';

const QUIET: UpdateTrigger[] = ['released', 'navigation', 'hidden'];

describe('decideUpdate', () => {
  it('does nothing without a new version, whatever happens', () => {
    for (const trigger of ['found', ...QUIET, 'user'] as const) {
      expect(decideUpdate('none', false, trigger)).toBe('nothing');
      expect(decideUpdate('none', true, trigger)).toBe('nothing');
    }
  });

  it('only announces a version the moment it is found, even with nothing held', () => {
    expect(decideUpdate('waiting', false, 'found')).toBe('announce');
    expect(decideUpdate('taken-over', false, 'found')).toBe('announce');
  });

  it('never applies by itself while a cart or a payment holds it', () => {
    for (const trigger of ['found', ...QUIET] as const) {
      expect(decideUpdate('waiting', true, trigger)).toBe('announce');
      expect(decideUpdate('taken-over', true, trigger)).toBe('announce');
    }
  });

  it('applies at the next quiet moment once nothing holds it', () => {
    for (const trigger of QUIET) {
      expect(decideUpdate('waiting', false, trigger)).toBe('apply');
      expect(decideUpdate('taken-over', false, trigger)).toBe('apply');
    }
  });

  it('applies at once when the user chooses, mid-sale too (the cart is in IndexedDB)', () => {
    expect(decideUpdate('waiting', true, 'user')).toBe('apply');
    expect(decideUpdate('waiting', false, 'user')).toBe('apply');
    expect(decideUpdate('taken-over', true, 'user')).toBe('apply');
  });
});
