import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Autocomplete,
  Button,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import {
  CreateProductBodySchema,
  UpdateProductBodySchema,
  basisPointsToPercent,
  isMeasuredUnit,
  parseQuantityText,
  percentToBasisPoints,
  PRODUCT_UNITS,
  quantityInputText,
  UNIT_SYMBOLS,
  minorToDecimalText,
  parseMoney,
  type CreateProductBody,
  type Product,
  type ProductSuggestion,
  type ProductUnit,
} from '@shopdesk/shared';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { moneyErrorText } from '../../../lib/money-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useStoreMoney } from '../../../lib/store-money.ts';
import { useSession } from '../../../lib/session-store.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useCategories } from '../api/list-categories.ts';
import { uploadImage } from '../api/upload-image.ts';
import { BarcodeField } from './barcode-field.tsx';
import { ImagePicker, type ImageChoice } from './image-picker.tsx';
import { useFormScan } from './use-form-scan.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';

interface Props {
  store: string;
  product?: Product;
  initialCode?: string;
  suggestion?: ProductSuggestion;
  onSubmit: (body: CreateProductBody) => Promise<unknown>;
  onCancel: () => void;
  /** Opens another product (a scan on New product found one this store already has). */
  onOpenProduct: (code: string) => void;
}

const NAME_MAX = 120;
const BRAND_MAX = 80;
const CATEGORY_MAX = 60;

/** Create or edit a product. Stock changes of an existing product go through adjustments instead. */
export function ProductForm({ store, product, initialCode, suggestion, onSubmit, onCancel, onOpenProduct }: Props) {
  const { t } = useTranslation();
  // Text past a field's limit is kept as typed or pasted and refused with its length, never cut
  // silently by the input; the schema refuses it again on save.
  const tooLong = (value: string, max: number) =>
    value.trim().length > max ? t('productForm.tooLong', { count: value.trim().length, max }) : undefined;
  // Offline, saving is off and the offline banner says why.
  const lock = useWriteLock();
  const money = useStoreMoney();
  const editing = Boolean(product);
  // A store without tax sees no tax field; a product keeps whatever rate it had meanwhile.
  const taxMode = useSession((s) => s.virtualStore?.taxMode ?? 'NONE');
  const defaultTaxRate = useSession((s) => s.virtualStore?.defaultTaxRate ?? 0);
  const showTax = taxMode !== 'NONE';
  const form = useZodForm({
    initialValues: {
      code: product?.code ?? initialCode ?? '',
      name: product?.name ?? '',
      brand: product?.brand ?? '',
      category: product?.category ?? '',
      price: product ? minorToDecimalText(product.price, money.main) : '',
      cost: product?.cost ? minorToDecimalText(product.cost, money.main) : '',
      unit: (product?.unit ?? 'EACH') as ProductUnit,
      quantity: 0 as number | string,
      reorderLevel: (product?.reorderLevel != null ? quantityInputText(product.reorderLevel, product.unit) : '') as
        number | string,
      taxRate: product?.taxRate != null ? basisPointsToPercent(product.taxRate) : '',
      description: product?.description ?? '',
    },
    schema: editing ? UpdateProductBodySchema : CreateProductBodySchema,
    // Money is typed as text and sent as minor units of the store's main currency.
    prepare: (v, fail) => {
      const money$ = (text: string, field: 'price' | 'cost', required: boolean): number | undefined => {
        if (!text.trim()) {
          if (required) fail(field, t('product.priceRequired'));
          return required ? undefined : 0;
        }
        try {
          return parseMoney(text, money.main);
        } catch (err) {
          fail(field, moneyErrorText(t, err, money.main, field === 'price' ? 'price' : 'amount'));
          return undefined;
        }
      };
      const taxRate$ = (text: string): number | null | undefined => {
        if (!text.trim()) return null;
        const basisPoints = percentToBasisPoints(text);
        if (basisPoints === null) fail('taxRate', t('productTax.invalid'));
        return basisPoints ?? undefined;
      };
      // Pieces go to the schema as typed (it refuses a fraction or a minus); a measured unit's
      // quantity is typed in the unit (1.250 kg) and sent as thousandths.
      const count$ = (value: number | string, field: 'quantity' | 'reorderLevel'): number => {
        if (!isMeasuredUnit(v.unit)) return Number(value);
        const thousandths = parseQuantityText(String(value), v.unit);
        if (thousandths === null) fail(field, t('productUnit.quantityInvalid'));
        return thousandths ?? 0;
      };
      return {
        code: v.code.trim(),
        unit: v.unit,
        name: v.name,
        brand: v.brand,
        category: v.category,
        description: v.description,
        price: money$(v.price, 'price', true) ?? 0,
        cost: money$(v.cost, 'cost', false) ?? 0,
        // Empty means no reorder level; anything else goes to the schema as typed, to be checked.
        reorderLevel: v.reorderLevel === '' ? null : count$(v.reorderLevel, 'reorderLevel'),
        // Empty means the store's default rate; hidden (no tax), the product's rate is left as it is.
        ...(showTax ? { taxRate: taxRate$(v.taxRate) } : {}),
        // Empty is no opening stock; anything else goes to the schema as typed (a minus is refused there).
        ...(editing ? {} : { quantity: v.quantity === '' ? 0 : count$(v.quantity, 'quantity') }),
      };
    },
  });
  const { values: v, errors, setErrors, setValue: set, setValues } = form;
  const measured = isMeasuredUnit(v.unit);
  const symbol = measured ? UNIT_SYMBOLS[v.unit as Exclude<ProductUnit, 'EACH'>] : '';
  // Stock is counted in the unit: the server changes it only while there is none.
  const unitLocked = editing && (product?.quantity ?? 0) !== 0;
  const [image, setImage] = useState<ImageChoice>({ kind: 'keep' });
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const categories = useCategories(store);

  // What other stores know of this barcode fills what the owner has not typed yet.
  const applySuggestion = useCallback(
    (s: ProductSuggestion) =>
      setValues((old) => ({
        ...old,
        name: old.name || s.name || '',
        brand: old.brand || s.brand || '',
        category: old.category || s.category || '',
        price: old.price || (s.price !== undefined ? minorToDecimalText(s.price, money.main) : ''),
      })),
    [money.main, setValues],
  );
  useEffect(() => {
    if (suggestion && !editing) applySuggestion(suggestion);
  }, [suggestion, editing, applySuggestion]);

  const nameInput = useRef<HTMLInputElement>(null);
  const scan = useFormScan({
    store,
    product,
    code: v.code,
    setCode: useCallback((code: string) => set('code', code), [set]),
    setCodeError: useCallback(
      (message: string | undefined) =>
        setErrors((old) => {
          const { code: _, ...rest } = old;
          return message ? { ...rest, code: message } : rest;
        }),
      [setErrors],
    ),
    applySuggestion,
    focusNext: useCallback(() => nameInput.current?.focus(), []),
    onOpenProduct,
  });

  const submit = form.onSubmit(async (body) => {
    setFormError(undefined);
    setPending(true);
    try {
      let imageId = product?.imageId ?? null;
      if (image.kind === 'remove') imageId = null;
      if (image.kind === 'new') {
        try {
          imageId = await uploadImage(store, image.blob);
        } catch (err) {
          setErrors({
            image:
              err instanceof ApiRequestError && err.status === 413 ? t('product.imageTooLarge') : describeError(t, err),
          });
          return;
        }
      }
      await onSubmit({ ...(body as CreateProductBody), imageId });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'FREE_LIMIT_REACHED') {
        setFormError(t('product.freeLimit'));
        return;
      }
      const fields = form.showApiErrors(error);
      if (error instanceof ApiRequestError && error.status === 409 && !fields.code)
        setErrors({ ...fields, code: describeError(t, error) });
      else if (Object.keys(fields).length === 0) setFormError(describeError(t, error));
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && <FormError>{formError}</FormError>}
        <BarcodeField
          store={store}
          value={v.code}
          onChange={(code) => set('code', code)}
          error={errors.code}
          onError={(message) => setErrors((old) => ({ ...old, code: message }))}
          onScan={scan.onScan}
        />
        <TextInput
          ref={nameInput}
          label={t('fields.productName')}
          value={v.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name ?? tooLong(v.name, NAME_MAX)}
          required
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label={t('fields.brand')}
              value={v.brand}
              onChange={(e) => set('brand', e.currentTarget.value)}
              error={errors.brand ?? tooLong(v.brand, BRAND_MAX)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <Autocomplete
              size="md"
              label={t('fields.category')}
              placeholder={t('product.categoryHint')}
              value={v.category}
              onChange={(c) => set('category', c)}
              data={categories.data ?? []}
              error={errors.category ?? tooLong(v.category, CATEGORY_MAX)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <NativeSelect
              size="md"
              label={t('productUnit.label')}
              description={
                unitLocked
                  ? t('productUnit.lockedHelp')
                  : measured
                    ? t('productUnit.measuredHelp', { unit: symbol })
                    : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={v.unit}
              onChange={(e) => set('unit', e.currentTarget.value as ProductUnit)}
              data={PRODUCT_UNITS.map((u) => ({ value: u, label: t(`productUnit.${u}`) }))}
              error={errors.unit}
              disabled={unitLocked}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <MoneyInput
              label={measured ? t('productUnit.pricePer', { unit: symbol }) : t('fields.price')}
              value={v.price}
              onChange={(p) => set('price', p)}
              error={errors.price}
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <MoneyInput label={t('fields.cost')} value={v.cost} onChange={(p) => set('cost', p)} error={errors.cost} />
          </Grid.Col>
          {!editing && (
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <NumberInput
                size="md"
                label={t('fields.openingQuantity')}
                value={v.quantity}
                onChange={(q) => set('quantity', q)}
                error={errors.quantity}
                allowDecimal={measured}
                decimalScale={measured ? 3 : undefined}
                inputMode={measured ? 'decimal' : 'numeric'}
                rightSection={symbol || undefined}
              />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <NumberInput
              size="md"
              label={t('productForm.reorderLevel')}
              description={t('productForm.reorderLevelHelp')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={v.reorderLevel}
              onChange={(q) => set('reorderLevel', q)}
              error={errors.reorderLevel}
              allowDecimal={measured}
              decimalScale={measured ? 3 : undefined}
              allowNegative={false}
              min={0}
              max={1_000_000}
              clampBehavior="none"
              inputMode={measured ? 'decimal' : 'numeric'}
              rightSection={symbol || undefined}
            />
          </Grid.Col>
          {showTax ? (
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                size="md"
                label={t('productTax.label')}
                description={t('productTax.help', { rate: basisPointsToPercent(defaultTaxRate) })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={basisPointsToPercent(defaultTaxRate)}
                value={v.taxRate}
                onChange={(e) => set('taxRate', e.currentTarget.value)}
                error={errors.taxRate}
                inputMode="decimal"
                autoComplete="off"
                rightSection="%"
              />
            </Grid.Col>
          ) : null}
        </Grid>
        <Textarea
          label={t('fields.description')}
          value={v.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
        />
        <ImagePicker
          store={store}
          imageId={product?.imageId ?? null}
          value={image}
          onChange={setImage}
          error={errors.image ?? errors.imageId}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} size="md">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} size="md" {...lock}>
            {editing ? t('common.save') : t('product.create')}
          </Button>
        </Group>
      </Stack>
      {scan.dialog}
    </form>
  );
}
