/**
 * A store's barcode rules (product.md §4, §5): how a scale's or label printer's price- and
 * weight-embedded codes are read. Below products and shop, which both read them (the random
 * in-store code avoids their prefixes; the sale reads a scanned label's price with them).
 */
export { barcodeRulesRoutes } from './barcode-rules.routes.ts';
export { storeBarcodeRules } from './barcode-rules.service.ts';
