import type { ReactNode } from 'react';
import { Button, SimpleGrid, TextInput } from '@mantine/core';
import type { PaymentMethod } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paymentMethodText } from '../../../lib/payment-methods.ts';

/** The store's methods as big buttons, and the reference field of a method that asks for one. */
export function MethodPicker({
  methods,
  selectedId,
  needsReference,
  reference,
  referenceError,
  phone,
  busy,
  onChoose,
  onReference,
  extra,
}: {
  methods: readonly PaymentMethod[];
  selectedId: string | undefined;
  needsReference: boolean;
  reference: string;
  /** The reference is missing while an amount was typed. */
  referenceError: boolean;
  phone: boolean;
  busy: boolean;
  onChoose(id: string): void;
  onReference(value: string): void;
  /** More buttons in the same grid: the gift card and store credit tenders. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={phone ? 2 : 3} spacing="xs" role="group" aria-label={t('payment.methodLabel')}>
        {methods.map((m) => (
          <Button
            key={m.id}
            h={phone ? 56 : 48}
            variant={m.id === selectedId ? 'filled' : 'default'}
            aria-pressed={m.id === selectedId}
            disabled={busy}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
            onClick={() => onChoose(m.id)}
          >
            {paymentMethodText(t, m)}
          </Button>
        ))}
        {extra}
      </SimpleGrid>
      {needsReference ? (
        <TextInput
          label={t('paymentMethods.reference')}
          description={t('paymentMethods.referenceHint')}
          size={phone ? 'lg' : 'md'}
          autoComplete="off"
          maxLength={64}
          value={reference}
          disabled={busy}
          onChange={(e) => onReference(e.currentTarget.value)}
          error={referenceError ? t('paymentMethods.referenceRequired') : undefined}
        />
      ) : null}
    </>
  );
}
