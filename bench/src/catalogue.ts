import { gs1CheckDigit } from '@shopdesk/shared';

const BRANDS = ['Ocha', 'Sunrise', 'Kumo', 'Blue Bay', 'Maple', 'Sakura', 'Nordic', 'Atlas', 'Lotus', 'Prairie'];
const ITEMS = [
  'Green Tea',
  'Rice Crackers',
  'Soy Sauce',
  'Instant Noodles',
  'Mineral Water',
  'Chocolate Bar',
  'Coffee Beans',
  'Dish Soap',
  'Toothpaste',
  'Batteries AA',
  'Notebook',
  'Ballpoint Pen',
  'Canned Tuna',
  'Olive Oil',
  'Paper Towels',
  'Shampoo',
  'Orange Juice',
  'Biscuits',
  'Peanut Butter',
  'Laundry Powder',
];
const SIZES = ['100 g', '250 g', '500 g', '1 kg', '330 ml', '500 ml', '1 l', '2 l', 'pack of 4', 'pack of 12'];
const CATEGORIES = ['Drinks', 'Snacks', 'Pantry', 'Household', 'Personal care', 'Stationery', 'Frozen', 'Dairy'];

/** The i-th in-store EAN-13 of the benchmark catalogue: prefix 20, valid check digit. */
export function benchCode(i: number): string {
  const body = `20${String(i).padStart(10, '0')}`;
  return body + String(gs1CheckDigit(body));
}

/**
 * `BENCH_VARIANTS=1`: the catalogue is items of 5 variants each (one option, Size), one CSV row per
 * variant sharing its item's handle: 100,000 products are 20,000 items × 5 variants (issue 44).
 */
export const VARIANTS = process.env.BENCH_VARIANTS === '1';
export const VARIANTS_PER_ITEM = 5;
const VARIANT_SIZES = ['XS', 'S', 'M', 'L', 'XL'];

const plainName = (i: number) => `${ITEMS[(i * 7) % ITEMS.length]} ${SIZES[(i * 3) % SIZES.length]} ${i}`;
const itemOf = (i: number) => Math.floor(i / VARIANTS_PER_ITEM);
const sizeOf = (i: number) => VARIANT_SIZES[i % VARIANTS_PER_ITEM]!;

/** The i-th product's name, unique in the catalogue (it ends with i; a variant's with its item's and size). */
export function benchName(i: number): string {
  return VARIANTS ? `${plainName(itemOf(i))} (${sizeOf(i)})` : plainName(i);
}

/** A deterministic, realistic catalogue row for the i-th product (a variant, in variant mode), as a CSV line. */
export function csvRow(i: number): string {
  const group = VARIANTS ? itemOf(i) : i;
  const brand = BRANDS[group % BRANDS.length]!;
  const category = CATEGORIES[(group * 5) % CATEGORIES.length]!;
  const price = ((i * 37) % 5000) + 99;
  const cells = [
    benchCode(i),
    plainName(group),
    brand,
    category,
    (price / 100).toFixed(2),
    (price / 200).toFixed(2),
    String(i % 50),
  ];
  if (VARIANTS) cells.push(`item-${group}`, 'Size', sizeOf(i));
  return cells.join(',');
}

export const CSV_HEADER = `code,name,brand,category,price,cost,quantity${VARIANTS ? ',handle,option1Name,option1Value' : ''}`;

export const SEARCH_TERMS = [
  'tea',
  'ocha',
  'noodles 500',
  'soap',
  '2000000',
  'kumo',
  'pack of 12',
  'juice 1 l',
  'zzz-none',
  '',
];
export const SEARCH_SORTS = ['name', '-price', 'quantity', '-updatedAt', 'code'];
