import { Anchor, Container, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { FormError } from '../../../components/form-error.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { IconBack } from '../../../components/icons.tsx';
import { receiptDocumentFor } from '../../../printing/receipt-actions/receipt-for-code.ts';
import { ReceiptActions } from '../../../printing/receipt-actions/receipt-actions.tsx';
import { ReceiptPreview } from '../components/receipt-preview.tsx';

/**
 * `/receipt/{code}` inside the app. Browsers load the page the server draws at that address; the
 * Android and iOS apps open receipt links (a QR scanned with the phone, a shared link) here, from
 * the same public receipt, with the print and share actions of the counter.
 */
export default function ReceiptLinkPage() {
  const { t, i18n } = useTranslation();
  const code = useParams()['*']?.replace(/\/+$/, '') ?? '';
  const receipt = useQuery({
    queryKey: ['public-receipt', code, i18n.language],
    queryFn: () => receiptDocumentFor(code, i18n.language),
    enabled: code !== '',
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
  });

  if (code === '' || (receipt.error instanceof ApiRequestError && receipt.error.status === 404)) {
    return <NotFound title={t('receiptLink.notFound')} text={t('receiptLink.notFoundText')} />;
  }
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
        {receipt.data ? (
          <>
            <ReceiptPreview doc={receipt.data} label={t('receiptLink.title', { code })} />
            <ReceiptActions code={code} />
          </>
        ) : (
          !receipt.error && <Skeleton h={420} radius="md" />
        )}
      </Stack>
    </Container>
  );
}
