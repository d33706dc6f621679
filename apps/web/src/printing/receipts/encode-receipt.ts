import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  RECEIPT_COLUMNS,
  RECEIPT_DOTS,
  type ReceiptBlock,
  type ReceiptDocument,
  type ReceiptPaperWidth,
} from '@shopdesk/shared';
import { foldForCodepage, printableTextProbe, type CodepageOptions } from './printable-text.ts';
import { qrImage, qrModules, type RgbaImage } from './qr-bitmap.ts';
import { canvasRasterizer, type TextRasterizer } from './text-raster.ts';
import { pairLines } from './text-width.ts';
import { fetchImage } from './fetch-image.ts';
import { code128Bitmap, rgbaOf } from './barcode-image.ts';

export interface EncodeReceiptOptions extends CodepageOptions {
  /** The roll in the printer; the document's own width when not given. */
  paperWidth?: ReceiptPaperWidth;
  /** Characters per line (32, 35, 42, 44 or 48); the roll's Font A columns when not given. */
  columns?: number;
  /** `native`: the printer draws the QR (GS ( k). `image`: sent as a raster image, for printers without QR. */
  qr?: 'native' | 'image';
  /** Draws text the code page cannot carry; the browser's canvas when not given. */
  rasterize?: TextRasterizer;
  /** Loads the logo as an image at most `maxWidth` dots wide; `fetch` and a canvas when not given. */
  loadImage?: (url: string, maxWidth: number) => Promise<RgbaImage | null>;
}

/** Dots per QR module: a phone reads 6-dot modules (0.75 mm) easily, the symbol stays under 40 mm. */
const QR_MODULE_DOTS = 6;

/**
 * The ESC/POS bytes of a receipt: initialise, every block in order, a feed past the tear bar and a
 * cut. Text goes through the encoder's automatic code-page selection; a block with text no code
 * page carries (Japanese, Chinese, Thai, Arabic, Hebrew …) goes as a raster image (GS v 0) drawn
 * at the roll's width, so the printer never prints it as question marks or mojibake.
 */
export async function encodeReceipt(doc: ReceiptDocument, options: EncodeReceiptOptions = {}): Promise<Uint8Array> {
  const paperWidth = options.paperWidth ?? doc.paperWidth;
  const columns = options.columns ?? RECEIPT_COLUMNS[paperWidth];
  const dots = RECEIPT_DOTS[paperWidth];
  const codepages: CodepageOptions = {
    codepageMapping: options.codepageMapping ?? 'xprinter',
    ...(options.codepageCandidates ? { codepageCandidates: options.codepageCandidates } : {}),
  };
  const prints = printableTextProbe(codepages);
  const rasterize = options.rasterize ?? canvasRasterizer;
  const loadImage = options.loadImage ?? fetchImage;

  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    imageMode: 'raster',
    newline: '\n',
    feedBeforeCut: 4,
    ...codepages,
  });
  encoder.initialize().codepage('auto');

  const image = (img: RgbaImage, algorithm: 'threshold' | 'atkinson' = 'threshold') =>
    encoder.image(centred(img, dots), { width: dots, algorithm });

  for (const block of doc.blocks) {
    switch (block.kind) {
      case 'text':
      case 'pair':
        await textBlock(block);
        break;
      case 'rule':
        encoder.rule({ style: 'single' });
        break;
      case 'qr':
        if (options.qr === 'image') {
          image(qrImage(qrModules(block.data), QR_MODULE_DOTS));
        } else {
          encoder.align('center').qrcode(block.data, { model: 2, size: QR_MODULE_DOTS, errorlevel: 'm' }).align('left');
        }
        break;
      case 'barcode': {
        // Always an image: the printers' own Code 128 commands differ in how they pick code sets.
        const bars = code128Bitmap(block.data, dots);
        if (bars) image(rgbaOf(bars));
        break;
      }
      case 'image': {
        // A logo that cannot be loaded is left out rather than failing the receipt.
        const logo = await loadImage(block.url, dots).catch(() => null);
        if (logo) image(logo, 'atkinson');
        break;
      }
      case 'feed':
        if (block.lines > 0) encoder.newline(block.lines);
        break;
    }
  }
  encoder.cut('partial');
  return encoder.encode();

  async function textBlock(original: Extract<ReceiptBlock, { kind: 'text' | 'pair' }>) {
    const bold = original.bold ?? false;
    const large = original.size === 'large';
    const folded =
      original.kind === 'text'
        ? { ...original, text: foldForCodepage(original.text) }
        : { ...original, left: foldForCodepage(original.left), right: foldForCodepage(original.right) };
    const text = folded.kind === 'text' ? folded.text : folded.left + folded.right;
    if (!prints(text)) {
      // The image keeps the original characters: the canvas draws them all.
      const block = original;
      const raster =
        block.kind === 'text'
          ? await rasterize({ kind: 'text', text: block.text, align: block.align ?? 'left', bold, large, width: dots })
          : await rasterize({ kind: 'pair', left: block.left, right: block.right, bold, large, width: dots });
      image(raster);
      return;
    }
    const block = folded;
    encoder.bold(bold).size(large ? 2 : 1, large ? 2 : 1);
    if (block.kind === 'text') {
      encoder.align(block.align ?? 'left');
      for (const line of block.text.split('\n')) encoder.line(line);
      encoder.align('left');
    } else {
      // Double-width characters take two columns each.
      for (const line of pairLines(block.left, block.right, large ? Math.floor(columns / 2) : columns)) {
        encoder.line(line);
      }
    }
    encoder.size(1, 1).bold(false);
  }
}

/** `img` in the middle of a white image `width` dots wide (scaled down first if it is wider). */
function centred(img: RgbaImage, width: number): RgbaImage {
  if (img.width >= width) return { width: img.width, height: img.height, data: img.data };
  const data = new Uint8ClampedArray(width * img.height * 4).fill(255);
  const left = Math.floor((width - img.width) / 2);
  for (let y = 0; y < img.height; y++) {
    data.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), (y * width + left) * 4);
  }
  return { width, height: img.height, data };
}
