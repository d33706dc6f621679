import {
  DEFAULT_LOYALTY,
  ErrorCode,
  OWNER_RIGHTS,
  taxRegistrationNumberProblem,
  type CreateStoreBody,
  type CurrencyCode,
  startingTaxOf,
  type SaleSettings,
  type StoreRights,
  type UpdateStoreBody,
  type VirtualStore,
} from '@shopdesk/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import type { StoreRow } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { newId } from '../../lib/ids.ts';
import { assertAllowed, listAccessibleStores, splitMember, type Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './stores.repo.ts';

/** A store as the API shows it to a caller with `rights` there. */
export function toVirtualStore(row: StoreRow, rights: StoreRights): VirtualStore {
  return {
    id: row.id,
    urlName: row.url_name,
    name: row.name,
    mainCurrency: row.main_currency as VirtualStore['mainCurrency'],
    secondCurrency: (row.second_currency ?? null) as VirtualStore['secondCurrency'],
    timezone: row.timezone,
    address: row.address,
    phone: row.phone,
    createdAt: row.created_at,
    taxMode: row.tax_mode as VirtualStore['taxMode'],
    defaultTaxRate: Number(row.default_tax_rate),
    cashRounding: Number(row.cash_rounding),
    shiftsEnabled: Number(row.shifts_enabled ?? 0) === 1,
    taxCalculation: row.tax_calculation === 'PER_RATE' ? 'PER_RATE' : 'PER_LINE',
    taxRounding: (['DOWN', 'UP'].includes(row.tax_rounding)
      ? row.tax_rounding
      : 'HALF_UP') as VirtualStore['taxRounding'],
    taxRegistrationNumber: row.tax_registration_number ?? null,
    role: rights.role,
    rights: { role: rights.role, permissions: [...rights.permissions], maxDiscount: rights.maxDiscount },
    lockAfterSale: Number(row.lock_after_sale ?? 1) === 1,
    idleLockMinutes: Number(row.idle_lock_minutes ?? 5),
  };
}

export const urlNameTaken = () =>
  fieldError(
    ErrorCode.URL_NAME_TAKEN,
    'urlName',
    'This store URL name is already taken, please choose another one.',
    409,
  );

/**
 * Inserts a store owned by `ownerId` inside the caller's transaction (sign-up creates the user and
 * the first store together). Checks the urlName first for a clear error; the unique index settles races.
 * Its tax starts by its main currency (startingTaxOf: a yen store includes 10%, rounded down).
 */
export async function insertOwnedStore(
  db: DbOrTx,
  ctx: AppContext,
  ownerId: string,
  body: CreateStoreBody,
): Promise<StoreRow> {
  if (await repo.urlNameExists(db, body.urlName)) throw urlNameTaken();
  const tax = startingTaxOf(body.mainCurrency);
  const row: StoreRow = {
    id: newId(),
    owner_id: ownerId,
    url_name: body.urlName.toLowerCase(),
    name: body.name,
    main_currency: body.mainCurrency,
    second_currency: body.secondCurrency ?? null,
    timezone: body.timezone ?? 'UTC',
    address: body.address ?? '',
    phone: body.phone ?? '',
    created_at: iso(ctx.clock.now()),
    tax_mode: tax.taxMode,
    default_tax_rate: tax.defaultTaxRate,
    cash_rounding: 0,
    shifts_enabled: 0,
    shifts_enabled_at: null,
    tax_calculation: tax.taxCalculation,
    lock_after_sale: 1,
    idle_lock_minutes: 5,
    tax_rounding: tax.taxRounding,
    tax_registration_number: null,
    // Loyalty starts off (customers.ts DEFAULT_LOYALTY); SETTINGS turns it on.
    loyalty_enabled: 0,
    loyalty_earn_rate: DEFAULT_LOYALTY.earnRate,
    loyalty_point_value: DEFAULT_LOYALTY.pointValue,
    loyalty_min_redeem: DEFAULT_LOYALTY.minRedeem,
    loyalty_expiry_months: null,
    loyalty_expired_through: null,
    // Null: the six-month card expiry follows the currency (on for yen: 資金決済法).
    sv_expire_six_months: null,
    sv_usable_at: '',
    sv_contact: '',
    sv_expired_through: null,
  };
  try {
    await repo.insertStore(db, row);
  } catch (error) {
    if (isUniqueViolation(error, 'url_name')) throw urlNameTaken();
    throw error;
  }
  return row;
}

export async function listStores(ctx: AppContext, userId: string): Promise<VirtualStore[]> {
  return (await listAccessibleStores(ctx.db, userId)).map((row) => {
    const { store, rights } = splitMember(row);
    return toVirtualStore(store, rights);
  });
}

export async function createStore(ctx: AppContext, userId: string, body: CreateStoreBody): Promise<VirtualStore> {
  const row = await ctx.db.transaction().execute((trx) => insertOwnedStore(trx, ctx, userId, body));
  return toVirtualStore(row, OWNER_RIGHTS);
}

/** Full update of a store's details; the main currency only while nothing is priced in it. */
export async function updateStore(ctx: AppContext, scope: Scope, body: UpdateStoreBody): Promise<VirtualStore> {
  const { store } = scope;
  // The route asks for SETTINGS; the currencies are the owner's alone (product.md §2).
  if (body.mainCurrency !== store.main_currency || body.secondCurrency !== store.second_currency) {
    assertAllowed(scope.rights, 'OWNER');
  }
  return ctx.db.transaction().execute(async (trx) => {
    if (body.mainCurrency !== store.main_currency && (await repo.storeHasPricedRecords(trx, store.id))) {
      const message = 'The main currency cannot change once the store has products, cargos, sales or shifts.';
      throw new AppError(409, ErrorCode.CONFLICT, message, [{ field: 'mainCurrency', message }]);
    }
    // The registration number's form depends on the currency (a yen store's is the Japanese one).
    const number = store.tax_registration_number;
    if (number && taxRegistrationNumberProblem(number, body.mainCurrency)) {
      const message = `This store's tax registration number (${number}) is not one for a ${body.mainCurrency} store: clear it in the sales settings first.`;
      throw new AppError(409, ErrorCode.CONFLICT, message, [{ field: 'mainCurrency', message }]);
    }
    const patch = {
      name: body.name,
      main_currency: body.mainCurrency,
      second_currency: body.secondCurrency,
      timezone: body.timezone,
      address: body.address,
      phone: body.phone,
    };
    await repo.updateStore(trx, store.id, patch);
    await recordAudit(trx, scope, {
      action: 'STORE_EDIT',
      entity: 'STORE',
      entityCode: store.url_name,
      summary: body.name,
      at: ctx.clock.now(),
    });
    return toVirtualStore({ ...store, ...patch }, scope.rights);
  });
}

const NUMBER_PROBLEMS = {
  NOT_DIGITS: 'A registration number is T and 13 digits, like T7000012050002.',
  LENGTH: 'A registration number is T and exactly 13 digits, like T7000012050002.',
  CHECK_DIGIT: 'The check digit (the first digit after T) does not match: check the number for a typo.',
  FORMAT: 'Send the number in its normal form: T and 13 digits without spaces, like T7000012050002.',
} as const;
const OTHER_FORMAT =
  'A registration number is one line of letters, digits, spaces, dots, dashes and slashes (at most 32).';

/**
 * The tax fields of the sale settings, checked against the store's currency. A yen store with a
 * registration number issues qualified invoices, whose tax is once per rate (product.md §5): such a
 * store stores PER_RATE, and an explicit PER_LINE is refused rather than stored and then
 * overridden, so what the settings say is always what the counter does.
 */
function taxPatch(store: Scope['store'], body: SaleSettings) {
  const currency = store.main_currency as CurrencyCode;
  const number = body.taxRegistrationNumber === undefined ? store.tax_registration_number : body.taxRegistrationNumber;
  if (body.taxRegistrationNumber) {
    const problem = taxRegistrationNumberProblem(body.taxRegistrationNumber, currency);
    if (problem) {
      const message = currency === 'JPY' ? NUMBER_PROBLEMS[problem] : OTHER_FORMAT;
      throw fieldError(ErrorCode.VALIDATION_ERROR, 'taxRegistrationNumber', message);
    }
  }
  const qualified = currency === 'JPY' && !!number;
  if (qualified && body.taxCalculation === 'PER_LINE') {
    throw fieldError(
      ErrorCode.VALIDATION_ERROR,
      'taxCalculation',
      'A yen store with a registration number computes tax once per rate per receipt: clear the number to compute it per line.',
    );
  }
  const calculation = qualified ? 'PER_RATE' : body.taxCalculation;
  return {
    ...(calculation === undefined ? {} : { tax_calculation: calculation }),
    ...(body.taxRounding === undefined ? {} : { tax_rounding: body.taxRounding }),
    // An empty string is no number, like null.
    ...(body.taxRegistrationNumber === undefined
      ? {}
      : { tax_registration_number: body.taxRegistrationNumber || null }),
  };
}

/** The counter settings: tax mode and default rate, tax calculation, cash rounding (product.md §4, §5). */
export async function updateSaleSettings(ctx: AppContext, scope: Scope, body: SaleSettings): Promise<VirtualStore> {
  const patch = {
    ...taxPatch(scope.store, body),
    tax_mode: body.taxMode,
    default_tax_rate: body.defaultTaxRate,
    cash_rounding: body.cashRounding,
    // Omitted by clients that predate shifts: the setting stays as it is.
    ...(body.shiftsEnabled === undefined ? {} : { shifts_enabled: body.shiftsEnabled ? 1 : 0 }),
    // Turning shifts on starts the time whose shiftless sales the next shift adopts (modules/shifts).
    ...(body.shiftsEnabled && Number(scope.store.shifts_enabled ?? 0) !== 1
      ? { shifts_enabled_at: iso(ctx.clock.now()) }
      : {}),
  };
  const summary = `${body.taxMode} ${body.defaultTaxRate} ${body.cashRounding}`;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateStore(trx, scope.store.id, patch);
    await recordAudit(trx, scope, {
      action: 'SALE_SETTINGS',
      entity: 'STORE',
      entityCode: scope.store.url_name,
      summary,
      at: ctx.clock.now(),
    });
  });
  return toVirtualStore({ ...scope.store, ...patch }, scope.rights);
}
