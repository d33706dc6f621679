import {
  CURRENCIES,
  PRODUCT_CSV_COLUMNS,
  csvLine,
  gs1CheckDigit,
  minorToDecimalText,
  type CurrencyCode,
} from '@shopdesk/shared';

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

/** An in-store EAN-13 (prefix 20) with its check digit, so the example row imports as it is. */
const EXAMPLE_EAN = (body: string) => body + String(gs1CheckDigit(body));

/** A product of its own: no handle, no options. */
const NO_ITEM = {
  handle: '',
  option1Name: '',
  option1Value: '',
  option2Name: '',
  option2Value: '',
  option3Name: '',
  option3Value: '',
};

/** Example rows; prices in units of a two-decimal currency, rescaled to the store's. */
const EXAMPLES: Array<Record<Column, string | number>> = [
  {
    code: EXAMPLE_EAN('200000000001'),
    name: 'Green tea 500 ml',
    brand: 'Leafy',
    category: 'Drinks',
    price: 199,
    cost: 120,
    quantity: 24,
    description: '',
    // Empty: the store's default tax rate.
    taxRate: '',
    unit: 'EACH',
    ...NO_ITEM,
  },
  {
    code: 'SKU-0001',
    name: 'Rice crackers',
    brand: '',
    category: 'Snacks',
    price: 350,
    cost: 200,
    quantity: 10,
    description: 'Lightly salted',
    taxRate: '',
    unit: 'EACH',
    ...NO_ITEM,
  },
  {
    // Sold by weight: price per kg, stock in kg with up to 3 decimals (the server keeps 12500 thousandths).
    code: 'SKU-0002',
    name: 'Rice (loose)',
    brand: '',
    category: 'Grocery',
    price: 480,
    cost: 300,
    quantity: '12.500',
    description: '',
    taxRate: '',
    unit: 'KG',
    ...NO_ITEM,
  },
  // One item in two variants: the rows share a handle and name its options; each has its own barcode,
  // price and stock (its name becomes "T-shirt (M, Red)").
  ...(['M', 'L'] as const).map((size, i) => ({
    code: `SKU-TEE-${size}`,
    name: 'T-shirt',
    brand: 'Cotton Co',
    category: 'Clothing',
    price: 1990 + i * 200,
    cost: 800,
    quantity: 5,
    description: '',
    taxRate: '',
    unit: 'EACH',
    handle: 'tshirt',
    option1Name: 'Size',
    option1Value: size,
    option2Name: 'Colour',
    option2Value: 'Red',
    option3Name: '',
    option3Value: '',
  })),
];

/** 1.99 in a two-decimal currency; ¥199 in yen; 1.990 in a three-decimal one. */
function inCurrency(twoDecimalMinor: number, currency: CurrencyCode): string {
  const exponent = CURRENCIES[currency].exponent;
  const minor = exponent >= 2 ? twoDecimalMinor * 10 ** (exponent - 2) : twoDecimalMinor;
  return minorToDecimalText(minor, currency);
}

/**
 * A CSV to start from: our export's columns (what the import reads best) and example rows (three
 * products of their own, and a T-shirt in two sizes: one row per variant),
 * priced as the import expects for the store's currency (decimal text such as 1.99).
 */
export function templateCsv(currency: CurrencyCode): string {
  const rows = EXAMPLES.map((e) => ({
    ...e,
    price: inCurrency(Number(e.price), currency),
    cost: inCurrency(Number(e.cost), currency),
  }));
  return [csvLine([...PRODUCT_CSV_COLUMNS]), ...rows.map((r) => csvLine(PRODUCT_CSV_COLUMNS.map((c) => r[c])))].join(
    '',
  );
}
