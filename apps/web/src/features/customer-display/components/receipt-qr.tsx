import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { receiptQrDataUrl } from '../lib/receipt-qr.ts';

/** The receipt's QR (the public receipt page), with what it is for. */
export function ReceiptQr({ code }: { code: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<{ code: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    receiptQrDataUrl(code).then(
      (url) => live && setSrc({ code, url }),
      (error: unknown) => console.error('Display: the receipt QR could not be drawn', error),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <figure className="cd-qr">
      <div className="cd-qr-box">
        {src?.code === code && <img src={src.url} alt={t('display.receiptQrAlt')} data-testid="display-receipt-qr" />}
      </div>
      <figcaption>{t('display.receiptQr')}</figcaption>
    </figure>
  );
}
