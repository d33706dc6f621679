import { useState } from 'react';
import { Anchor, Container, SegmentedControl, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReceiptLanguage } from '@shopdesk/shared';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { FormError } from '../../../components/form-error.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { IconBack } from '../../../components/icons.tsx';
import { documentOfReceipt, fetchPublicReceipt } from '../../../printing/receipt-actions/receipt-for-code.ts';
import { ReceiptActions } from '../../../printing/receipt-actions/receipt-actions.tsx';
import { ReceiptPreview } from '../components/receipt-preview.tsx';
import { keepReceiptLanguage, pickedReceiptLanguage, receiptLocaleOf } from '../lib/receipt-language.ts';

/** Each receipt language by its own name, so a reader who cannot read the page still finds theirs. */
const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'ja', label: '日本語' },
];

/**
 * `/receipt/{code}` inside the app. Browsers load the page the server draws at that address; the
 * Android and iOS apps open receipt links (a QR scanned with the phone, a shared link) here, from
 * the same public receipt, with the print and share actions of the counter. Like the server's page
 * it is in the store's language until the reader switches it (kept on this device).
 */
export default function ReceiptLinkPage() {
  const { t } = useTranslation();
  const code = useParams()['*']?.replace(/\/+$/, '') ?? '';
  const [picked, setPicked] = useState<ReceiptLanguage | null>(pickedReceiptLanguage);
  const receipt = useQuery({
    queryKey: ['public-receipt', code],
    queryFn: () => fetchPublicReceipt(code),
    enabled: code !== '',
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
  });

  if (code === '' || (receipt.error instanceof ApiRequestError && receipt.error.status === 404)) {
    return <NotFound title={t('receiptLink.notFound')} text={t('receiptLink.notFoundText')} />;
  }
  const language = picked ?? receipt.data?.store.language ?? null;
  const doc = receipt.data && language ? documentOfReceipt(receipt.data, receiptLocaleOf(language)) : null;
  const pick = (value: string) => {
    const chosen = value as ReceiptLanguage;
    keepReceiptLanguage(chosen);
    setPicked(chosen);
  };
  return (
    <Container size={480} py="lg">
      <Stack gap="md">
        <Anchor component={Link} to="/" fz="sm">
          <IconBack size={16} style={{ verticalAlign: 'middle' }} /> {t('receiptLink.back')}
        </Anchor>
        <Title order={1} fz={22}>
          {t('receiptLink.title', { code })}
        </Title>
        {receipt.error && <FormError>{describeError(t, receipt.error)}</FormError>}
        {doc && language ? (
          <>
            <SegmentedControl
              data={LANGUAGES}
              value={language}
              onChange={pick}
              aria-label={t('receiptLink.language')}
            />
            <ReceiptPreview doc={doc} label={t('receiptLink.title', { code })} />
            <ReceiptActions code={code} />
          </>
        ) : (
          !receipt.error && <Skeleton h={420} radius="md" />
        )}
      </Stack>
    </Container>
  );
}
