import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { NewCargoBodySchema } from '@shopdesk/shared';
import { translateMessage } from '../../../lib/describe-error.ts';

export interface CargoFields {
  name: string;
  origin: string;
  note: string;
}

interface Props {
  initial?: CargoFields;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** Shown above the button (a limit note, a form error). */
  footer?: ReactNode;
  onSubmit: (fields: CargoFields) => void;
}

/** A cargo's own fields: name (required), where it comes from, and a note. */
export function CargoForm({ initial, submitLabel, pending, disabled, footer, onSubmit }: Props) {
  const { t } = useTranslation();
  const [v, setV] = useState<CargoFields>(initial ?? { name: '', origin: '', note: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CargoFields, string>>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = NewCargoBodySchema.safeParse(v);
    if (!parsed.success) {
      const out: Partial<Record<keyof CargoFields, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof CargoFields;
        out[field] ??= translateMessage(t, issue.message);
      }
      setErrors(out);
      return;
    }
    setErrors({});
    onSubmit({ name: parsed.data.name, origin: parsed.data.origin, note: parsed.data.note });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('cargo.fields.name')}
          placeholder={t('cargo.fields.namePlaceholder')}
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          error={errors.name}
          required
          maxLength={120}
          data-autofocus
        />
        <TextInput
          label={t('cargo.fields.origin')}
          placeholder={t('cargo.fields.originPlaceholder')}
          value={v.origin}
          onChange={(e) => setV({ ...v, origin: e.currentTarget.value })}
          error={errors.origin}
          maxLength={120}
        />
        <Textarea
          label={t('cargo.fields.note')}
          value={v.note}
          onChange={(e) => setV({ ...v, note: e.currentTarget.value })}
          error={errors.note}
          autosize
          minRows={2}
          maxLength={1000}
        />
        {footer}
        <Button type="submit" size="md" loading={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
