import { useMemo, useState } from 'react';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  ReceiptTemplateBodySchema,
  buildReceiptDocument,
  receiptLabelsFor,
  toPublicReceipt,
  type ReceiptTemplate,
  type ReceiptTemplateBody,
  type ShopTransaction,
  type VirtualStore,
} from '@shopdesk/shared';
import { publicOrigin } from '../../../lib/api-base.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useSaveReceiptTemplate } from '../api/receipt-template.ts';
import { useReceiptLogoUrl } from '../api/receipt-logo.ts';
import { LogoField } from './logo-field.tsx';
import { ReceiptPreview } from './receipt-preview.tsx';

interface Props {
  store: VirtualStore;
  template: ReceiptTemplate;
  /** The sale the preview shows: the store's latest, else a sample. */
  sale: ShopTransaction;
  isSample: boolean;
}

const FLAGS = ['showStoreName', 'showAddress', 'showPhone', 'showSecondCurrency', 'showQr', 'showServedBy'] as const;

/** The template's options beside a live preview of a receipt drawn with them. */
export function TemplateForm({ store, template, sale, isSample }: Props) {
  const { t, i18n } = useTranslation();
  const lock = useWriteLock();
  const save = useSaveReceiptTemplate();
  const [formError, setFormError] = useState<string>();
  const { storeId: _id, logoImageId, logoUploaded, ...initial } = template;
  const form = useZodForm({ schema: ReceiptTemplateBodySchema, initialValues: initial as ReceiptTemplateBody });
  const { values: v, setValue: set } = form;
  const logoUrl = useReceiptLogoUrl(store.urlName, logoImageId, logoUploaded && v.showLogo);

  const doc = useMemo(() => {
    const receipt = toPublicReceipt(sale, store, { ...v, showLogo: v.showLogo && logoUploaded }, logoUrl ?? null);
    return buildReceiptDocument(receipt, {
      labels: receiptLabelsFor(i18n.language),
      locale: i18n.language,
      url: `${publicOrigin()}/receipt/${sale.code}`,
    });
  }, [sale, store, v, logoUploaded, logoUrl, i18n.language]);

  const submit = form.onSubmit((body) => {
    setFormError(undefined);
    save.mutate(
      { store: store.urlName, body },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('receipts.saved') }),
        onError: (error) => {
          const fields = form.showApiErrors(error);
          if (Object.keys(fields).length === 0) setFormError(describeError(t, error));
        },
      },
    );
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <form onSubmit={submit} noValidate aria-labelledby="receipt-template-heading">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={3} fz={18} id="receipt-template-heading">
              {t('receipts.formHeading')}
            </Title>
            {formError && <FormError>{formError}</FormError>}
            <Textarea
              label={t('receipts.headerText')}
              description={t('receipts.textHint')}
              autosize
              minRows={2}
              maxRows={6}
              {...form.text('headerText')}
            />
            <Textarea
              label={t('receipts.footerText')}
              description={t('receipts.textHint')}
              autosize
              minRows={2}
              maxRows={6}
              {...form.text('footerText')}
            />
            <LogoField
              store={store.urlName}
              imageId={logoImageId}
              uploaded={logoUploaded}
              checked={v.showLogo}
              onChange={(on) => set('showLogo', on)}
            />
            <Stack gap="sm" role="group" aria-label={t('receipts.showHeading')}>
              <Text fw={600} fz="sm">
                {t('receipts.showHeading')}
              </Text>
              {FLAGS.map((flag) => (
                <Switch
                  key={flag}
                  label={t(`receipts.${flag}`)}
                  description={
                    flag === 'showServedBy'
                      ? t('receipts.servedByHint')
                      : flag !== 'showSecondCurrency'
                        ? undefined
                        : store.secondCurrency
                          ? t('receipts.secondCurrencyHint', { currency: store.secondCurrency })
                          : t('receipts.noSecondCurrency')
                  }
                  checked={v[flag]}
                  onChange={(e) => set(flag, e.currentTarget.checked)}
                />
              ))}
            </Stack>
            <div>
              <Text fw={600} fz="sm" id="paper-width-label" mb={4}>
                {t('receipts.paperWidth')}
              </Text>
              <SegmentedControl
                aria-labelledby="paper-width-label"
                value={String(v.paperWidth)}
                onChange={(value) => set('paperWidth', value === '80' ? 80 : 58)}
                data={[
                  { value: '58', label: t('receipts.mm', { width: 58 }) },
                  { value: '80', label: t('receipts.mm', { width: 80 }) },
                ]}
              />
            </div>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} {...lock}>
                {t('receipts.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
      <Stack gap="xs" style={{ alignSelf: 'start', position: 'sticky', top: 16 }}>
        <Title order={3} fz={18}>
          {t('receipts.previewHeading')}
        </Title>
        <Text fz="sm" c="dimmed">
          {isSample ? t('receipts.previewSample') : t('receipts.previewLatest', { code: sale.code })}
        </Text>
        <ReceiptPreview doc={doc} label={t('receipts.previewHeading')} />
      </Stack>
    </SimpleGrid>
  );
}
