import { RECEIPT_CSS, receiptPageCss, renderReceiptHtml, type ReceiptDocument } from '@shopdesk/shared';
import { qrSvg } from './qr-svg.ts';
import { code128Svg } from './barcode-image.ts';

/** The whole printable page of one receipt: the shared HTML renderer and its styles, sized to the roll. */
export function receiptPrintPage(doc: ReceiptDocument, title: string): string {
  const html = renderReceiptHtml(doc, { qrSvg, barcodeSvg: code128Svg });
  const lang = document.documentElement.lang || 'en';
  const escapedTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapedTitle}</title><style>${RECEIPT_CSS}${receiptPageCss(doc.paperWidth)}body{margin:0;background:#fff}</style></head><body>${html}</body></html>`;
}

/**
 * Prints the receipt through the browser's print dialog from a hidden frame, so the page behind
 * keeps its state: for printers with a system driver (USB, AirPrint) and for browsers without
 * Web Bluetooth (Firefox, Safari, iOS). Resolves once the dialog has been opened.
 */
export function printReceiptInBrowser(doc: ReceiptDocument, title = 'Receipt'): Promise<void> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
    frame.srcdoc = receiptPrintPage(doc, title);
    const remove = () => frame.remove();
    frame.addEventListener('load', () => {
      const win = frame.contentWindow;
      if (!win) {
        remove();
        reject(new Error('The print frame did not load'));
        return;
      }
      // The logo must be decoded before the dialog snapshots the page.
      const images = Array.from(win.document.images, (img) =>
        img.complete
          ? Promise.resolve()
          : new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            }),
      );
      void Promise.race([Promise.all(images), new Promise((done) => setTimeout(done, 3000))]).then(() => {
        win.addEventListener('afterprint', () => setTimeout(remove, 0), { once: true });
        // Browsers that never fire afterprint for frames still clear it away.
        setTimeout(remove, 60_000);
        win.focus();
        win.print();
        resolve();
      });
    });
    document.body.append(frame);
  });
}
