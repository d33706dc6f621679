import { useEffect, useState } from 'react';
import { Box, Loader } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

/**
 * The member code as a QR, for the customer to photograph or keep as a screenshot: the counter's
 * camera reads it like the printed card. Drawn by the app's own encoder (the one receipts and the
 * cargo hand-over use), loaded when first shown.
 */
export function MemberQr({ code, size = 180 }: { code: string; size?: number }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../../printing/receipts/qr-svg.ts').then(({ qrSvg }) => {
      // Sized by its box: the encoder's SVG has only a viewBox.
      if (live) setSvg(qrSvg(code).replace('<svg ', '<svg width="100%" height="100%" '));
    });
    return () => {
      live = false;
    };
  }, [code]);
  if (!svg) return <Loader />;
  return (
    // Our own encoder's SVG of a server-made code: no outside markup.
    <Box
      w={size}
      h={size}
      style={{ flex: 'none' }}
      dangerouslySetInnerHTML={{ __html: svg }}
      role="img"
      aria-label={t('customers.page.qrAlt', { code })}
      data-testid="member-qr"
      data-code={code}
    />
  );
}
