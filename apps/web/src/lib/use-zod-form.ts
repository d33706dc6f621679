import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from './i18n/use-translation.ts';
import type { z } from 'zod';
import { apiFieldErrors } from './describe-error.ts';
import { zodFieldErrors } from './form-errors.ts';

/** Translated messages by field name; a field without a message has no key. */
export type FieldErrors = Record<string, string>;

export interface ZodFormOptions<V, S extends z.ZodType> {
  initialValues: V;
  /** What a submit must satisfy: usually the API's body schema from @shopdesk/shared. */
  schema: S;
  /**
   * Turns the values into what the schema parses (e.g. money text into minor units), reporting
   * what only the form knows (a confirmation that does not match) through `fail`. Defaults to the
   * values themselves.
   */
  prepare?: (values: V, fail: (field: string, message: string) => void) => unknown;
}

/**
 * The one way our forms work: values in state, validation on submit with a zod schema, errors
 * translated and shown per field (a field's error clears as the person edits it), the API's field
 * errors shown the same way.
 */
export function useZodForm<V extends Record<string, unknown>, S extends z.ZodType>(options: ZodFormOptions<V, S>) {
  const { t } = useTranslation();
  const { schema, prepare } = options;
  const [values, setValues] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setValue = useCallback(<K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => {
      if (!(key in old)) return old;
      const { [key]: _, ...rest } = old;
      return rest;
    });
  }, []);

  /** Props for a text input bound to `key`: value, onChange and error. */
  const text = <K extends keyof V & string>(key: K) => ({
    value: values[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(key, e.currentTarget.value as V[K]),
    error: errors[key],
  });

  /** Validates, shows the errors, and calls `handler` with the parsed data only when all is valid. */
  const onSubmit = (handler: (data: z.output<S>) => unknown) => (e?: FormEvent) => {
    e?.preventDefault();
    const own: FieldErrors = {};
    const fail = (field: string, message: string) => {
      own[field] ??= message;
    };
    const parsed = schema.safeParse(prepare ? prepare(values, fail) : values);
    const next = { ...(parsed.success ? {} : zodFieldErrors(t, parsed.error)), ...own };
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    void handler(parsed.data);
  };

  /** Shows a failed call's field errors; returns them (empty when the error names no field). */
  const showApiErrors = (error: unknown): FieldErrors => {
    const fields = apiFieldErrors(t, error);
    setErrors(fields);
    return fields;
  };

  return {
    values,
    errors,
    hasErrors: Object.keys(errors).length > 0,
    setValue,
    setValues,
    setErrors,
    text,
    onSubmit,
    showApiErrors,
  };
}
