import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { ApiRequestError } from './api-error.ts';
import { useZodForm } from './use-zod-form.ts';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.email('Enter a valid email'),
});

const render = (prepare?: Parameters<typeof useZodForm>[0]['prepare']) =>
  renderHook(() => useZodForm({ initialValues: { name: '', email: '', confirm: '' }, schema, prepare }));

describe('useZodForm', () => {
  it('shows each invalid field its message and does not submit', () => {
    const { result } = render();
    const handler = vi.fn();
    act(() => result.current.onSubmit(handler)());
    expect(handler).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: 'Name is required', email: 'Enter a valid email' });
    expect(result.current.hasErrors).toBe(true);
  });

  it('submits the parsed data once every field is valid', () => {
    const { result } = render();
    const handler = vi.fn();
    act(() => {
      result.current.setValue('name', '  Ann ');
      result.current.setValue('email', 'ann@example.com');
    });
    act(() => result.current.onSubmit(handler)());
    expect(handler).toHaveBeenCalledWith({ name: 'Ann', email: 'ann@example.com' });
    expect(result.current.errors).toEqual({});
  });

  it('lets the form add checks of its own that also block the submit', () => {
    const { result } = render((v, fail) => {
      if (v.confirm !== v.email) fail('confirm', 'Does not match');
      return v;
    });
    const handler = vi.fn();
    act(() => {
      result.current.setValue('name', 'Ann');
      result.current.setValue('email', 'ann@example.com');
    });
    act(() => result.current.onSubmit(handler)());
    expect(handler).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ confirm: 'Does not match' });
  });

  it('keeps what was typed when the form draws again with new initial values', () => {
    // The login page builds its initial values on every render (from ?email=): only the first
    // counts, so a password typed meanwhile stays.
    const { result, rerender } = renderHook(
      ({ email }) => useZodForm({ initialValues: { email, password: '' }, schema: z.object({}) }),
      { initialProps: { email: 'ann@example.com' } },
    );
    act(() => result.current.setValue('password', 'secret'));
    rerender({ email: 'ann@example.com' });
    rerender({ email: 'bob@example.com' });
    expect(result.current.values).toEqual({ email: 'ann@example.com', password: 'secret' });
  });

  it("clears a field's message as it is edited, and only that one", () => {
    const { result } = render();
    act(() => result.current.onSubmit(vi.fn())());
    act(() => result.current.text('name').onChange({ currentTarget: { value: 'A' } } as never));
    expect(result.current.values.name).toBe('A');
    expect(result.current.errors).toEqual({ email: 'Enter a valid email' });
  });

  it("shows the API's field errors beside their fields", () => {
    const { result } = render();
    const error = new ApiRequestError(400, 'Bad Request', {
      message: 'Invalid',
      code: 'VALIDATION',
      details: [{ field: 'email', message: 'Email is taken' }],
    });
    let fields = {};
    act(() => {
      fields = result.current.showApiErrors(error);
    });
    expect(fields).toEqual({ email: 'Email is taken' });
    expect(result.current.text('email').error).toBe('Email is taken');
  });
});
