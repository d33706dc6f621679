import { z } from 'zod';
import { TAX_CALCULATIONS, TAX_ROUNDINGS } from './sale-pricing.ts';
import { PERMISSIONS, STAFF_ROLES, type StoreRights } from './staff.ts';
import { currencySchema, singleLineText, storeNameSchema, timezoneSchema, urlNameSchema } from './validation.ts';

/** What the caller may do in a store (staff.ts StoreRights), as the server decided it. */
export const StoreRightsSchema = z.object({
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Basis points. */
  maxDiscount: z.number().int(),
}) satisfies z.ZodType<StoreRights>;

export const VirtualStoreSchema = z.object({
  id: z.string(),
  urlName: z.string(),
  name: z.string(),
  mainCurrency: currencySchema,
  secondCurrency: currencySchema.nullable(),
  timezone: z.string(),
  address: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  /** Counter settings (product.md §4): see SaleSettingsSchema. */
  taxMode: z.enum(['NONE', 'INCLUSIVE', 'EXCLUSIVE']),
  defaultTaxRate: z.number().int(),
  cashRounding: z.number().int(),
  /** Whether the store works in shifts; absent from servers that predate shifts (read as false). */
  shiftsEnabled: z.boolean().optional(),
  /**
   * Absent from servers that predate these settings: read as PER_LINE, HALF_UP and none. The
   * counter prices with `effectiveTaxCalculation` of these, as the server does.
   */
  taxCalculation: z.enum(TAX_CALCULATIONS).optional(),
  taxRounding: z.enum(TAX_ROUNDINGS).optional(),
  taxRegistrationNumber: z.string().nullable().optional(),
  /**
   * The caller's role in this store: OWNER for their own stores, MANAGER or CASHIER where they are
   * a member, so the store picker can mark them. Absent from older servers: OWNER.
   */
  role: z.enum(STAFF_ROLES).optional(),
  /**
   * The caller's role and permissions in this store, so the web app shows only what they may do.
   * Absent from servers that predate staff: read as the owner's (`rightsOf`).
   */
  rights: StoreRightsSchema.optional(),
  /** Till mode: a till locks after each sale, and after this many idle minutes (0 = never). */
  lockAfterSale: z.boolean().optional(),
  idleLockMinutes: z.number().int().optional(),
});
export type VirtualStore = z.infer<typeof VirtualStoreSchema>;

const addressSchema = singleLineText({ label: 'Address', max: 200 });
const phoneSchema = singleLineText({ label: 'Phone', max: 32 }).regex(
  /^[0-9+()\-. ]*$/,
  'Phone may use only digits, spaces and + ( ) - .',
);

export const CreateStoreBodySchema = z
  .object({
    name: storeNameSchema,
    urlName: urlNameSchema,
    mainCurrency: currencySchema,
    secondCurrency: currencySchema.nullish(),
    timezone: timezoneSchema.optional(),
    address: addressSchema.optional(),
    phone: phoneSchema.optional(),
  })
  .refine((b) => b.secondCurrency == null || b.secondCurrency !== b.mainCurrency, {
    message: 'The second currency must differ from the main currency',
    path: ['secondCurrency'],
  });
export type CreateStoreBody = z.infer<typeof CreateStoreBodySchema>;

/** Full replacement of a store's editable details. `mainCurrency` changes only while the store is empty. */
export const UpdateStoreBodySchema = z
  .object({
    name: storeNameSchema,
    mainCurrency: currencySchema,
    secondCurrency: currencySchema.nullable(),
    timezone: timezoneSchema,
    address: addressSchema,
    phone: phoneSchema,
  })
  .refine((b) => b.secondCurrency !== b.mainCurrency, {
    message: 'The second currency must differ from the main currency',
    path: ['secondCurrency'],
  });
export type UpdateStoreBody = z.infer<typeof UpdateStoreBodySchema>;

export const StoreUrlParamsSchema = z.object({ urlName: singleLineText({ label: 'Store URL name', min: 1, max: 64 }) });
