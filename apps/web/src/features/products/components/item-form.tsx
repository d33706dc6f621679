import { useCallback, useRef, useState } from 'react';
import { Autocomplete, Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  CreateItemBodySchema,
  UpdateItemBodySchema,
  minorToDecimalText,
  parseMoney,
  type CreateItemBody,
  type Item,
  type Product,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { moneyErrorText } from '../../../lib/money-error.ts';
import { useStoreMoney } from '../../../lib/store-money.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { useWedgeScanner } from '../../../scanning/use-wedge-scanner.ts';
import { useCategories } from '../api/list-categories.ts';
import { uploadImage } from '../api/upload-image.ts';
import { randomBarcode } from '../api/random-barcode.ts';
import { productQuery } from '../api/get-product.ts';
import {
  allVariants,
  bulkSet,
  draftOfItem,
  draftOfProduct,
  editVariants,
  emptyDraft,
  variantKey,
  type ItemDraft,
} from '../items/draft.ts';
import { buildItemBody, placeKey, placeOfPath, splitPath, type PlacedErrors } from '../items/item-body.ts';
import { itemMessage } from '../items/item-messages.ts';
import { ImagePicker, type ImageChoice } from './image-picker.tsx';
import { OptionEditor } from './option-editor.tsx';
import { CombinationsGrid } from './combinations-grid.tsx';
import { VariantTable } from './variant-table.tsx';
import { BulkEdit } from './bulk-edit.tsx';

interface Props {
  store: string;
  /** The saved item being edited; absent for a new one. */
  item?: Item;
  /** A product of its own being given options: its item has no options yet. */
  product?: Product;
  onSubmit: (body: CreateItemBody) => Promise<unknown>;
  onCancel: () => void;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz={18}>
            {title}
          </Title>
          {hint && (
            <Text fz="sm" c="dimmed" mt={2}>
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Create or edit an item: its details, up to 3 options, the combinations to make, and each
 * variant's barcode, price, cost and opening stock; a bulk edit sets price and cost on many at once.
 * Errors of the shared schema and of the server show at their field.
 */
export function ItemForm({ store, item, product, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const money = useStoreMoney();
  const lock = useWriteLock();
  const queryClient = useQueryClient();
  const categories = useCategories(store);
  const asText = useCallback((minor: number) => minorToDecimalText(minor, money.main), [money.main]);
  const source = item ?? product;
  const editing = Boolean(source);
  const [fields, setFields] = useState({
    name: item?.name ?? product?.name ?? '',
    brand: source?.brand ?? '',
    category: source?.category ?? '',
    description: source?.description ?? '',
  });
  const [draft, setDraftState] = useState<ItemDraft>(() =>
    item ? draftOfItem(item, asText) : product ? draftOfProduct(product, asText) : emptyDraft(),
  );
  const [errors, setErrors] = useState<PlacedErrors>({});
  const [formError, setFormError] = useState<string>();
  const [image, setImage] = useState<ImageChoice>({ kind: 'keep' });
  const [pending, setPending] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [generating, setGenerating] = useState<string | null>(null);
  const activeRow = useRef<string | null>(null);
  // Whatever the owner edits clears the messages: they were about what was there before.
  const setDraft = (next: ItemDraft) => {
    setDraftState(next);
    setErrors({});
    setFormError(undefined);
  };
  const setField = (key: keyof typeof fields, value: string) => {
    setFields((old) => ({ ...old, [key]: value }));
    setErrors((old) => {
      const { [placeKey({ kind: 'item', field: key })]: _, ...rest } = old;
      return rest;
    });
  };
  const itemError = (field: string) => errors[placeKey({ kind: 'item', field })];

  /** A code for a row: refused at the field when another variant or product already has it. */
  const putCode = useCallback(
    async (row: string, code: string) => {
      const rows = allVariants(draft);
      const mine = rows.find((v) => variantKey(v) === row);
      const twin = rows.find((v) => variantKey(v) !== row && v.code.trim() === code);
      setDraftState((d) => editVariants(d, [row], { code }));
      const at = placeKey({ kind: 'variant', row, field: 'code' });
      if (twin) {
        setErrors((old) => ({ ...old, [at]: t('items.errors.codeInDraft') }));
        return;
      }
      const found = await queryClient.fetchQuery(productQuery(store, code)).catch(() => null);
      if (found && found.id !== mine?.id)
        setErrors((old) => ({ ...old, [at]: t('items.errors.codeTaken', { name: found.name }) }));
      else
        setErrors((old) => {
          const { [at]: _, ...rest } = old;
          return rest;
        });
    },
    [draft, queryClient, store, t],
  );

  // A scanner's code goes to the barcode last focused, else to the first new variant still without one.
  const onScan = useCallback(
    (code: string) => {
      const rows = allVariants(draft);
      const target = rows.find((v) => variantKey(v) === activeRow.current) ?? rows.find((v) => !v.id && !v.code.trim());
      if (!target) return;
      activeRow.current = variantKey(target);
      void putCode(variantKey(target), code);
    },
    [draft, putCode],
  );
  useWedgeScanner(onScan);

  const generate = async (row: string) => {
    setGenerating(row);
    try {
      const { code } = await randomBarcode(store);
      await putCode(row, code);
    } catch (error) {
      setErrors((old) => ({ ...old, [placeKey({ kind: 'variant', row, field: 'code' })]: describeError(t, error) }));
    } finally {
      setGenerating(null);
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    const built = buildItemBody(
      draft,
      { ...fields, imageId: source?.imageId ?? null },
      {
        parse: (text) => parseMoney(text, money.main),
        message: (error, field) => moneyErrorText(t, error, money.main, field === 'price' ? 'price' : 'amount'),
        priceRequired: t('product.priceRequired'),
        wholeNumber: t('items.errors.wholeNumber'),
        repeatCode: t('items.errors.codeInDraft'),
      },
      editing,
    );
    const found: PlacedErrors = { ...built.errors };
    const top: string[] = [];
    const place = (path: readonly (string | number)[], message: string) => {
      const at = placeOfPath(path, draft, built.rows);
      if (at) found[placeKey(at)] ??= itemMessage(t, message);
      else top.push(itemMessage(t, message));
    };
    const parsed = (editing ? UpdateItemBodySchema : CreateItemBodySchema).safeParse(built.body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) place(issue.path as (string | number)[], issue.message);
    if (Object.keys(found).length || top.length) {
      setErrors(found);
      setFormError(top[0] ?? t('items.errors.fixBelow'));
      return;
    }
    setPending(true);
    try {
      let imageId = source?.imageId ?? null;
      if (image.kind === 'remove') imageId = null;
      if (image.kind === 'new') {
        try {
          imageId = await uploadImage(store, image.blob);
        } catch (err) {
          setErrors({
            [placeKey({ kind: 'item', field: 'image' })]:
              err instanceof ApiRequestError && err.status === 413 ? t('product.imageTooLarge') : describeError(t, err),
          });
          return;
        }
      }
      await onSubmit({ ...built.body, imageId });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'FREE_LIMIT_REACHED') {
        setFormError(t('items.errors.freeLimit'));
        return;
      }
      const fromServer: PlacedErrors = {};
      if (error instanceof ApiRequestError)
        for (const [path, message] of Object.entries(error.fieldErrors)) {
          const at = placeOfPath(splitPath(path), draft, built.rows);
          if (at) fromServer[placeKey(at)] ??= itemMessage(t, message);
        }
      setErrors(fromServer);
      setFormError(Object.keys(fromServer).length ? t('items.errors.fixBelow') : describeError(t, error));
    } finally {
      setPending(false);
    }
  };

  const rowCount = allVariants(draft).length;
  const selectedKeys = [...selected].filter((k) => allVariants(draft).some((v) => variantKey(v) === k));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="lg">
        {formError && <FormError>{formError}</FormError>}
        <Section title={t('items.form.details')}>
          <TextInput
            label={t('items.form.name')}
            description={t('items.form.nameHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={fields.name}
            onChange={(e) => setField('name', e.currentTarget.value)}
            error={itemError('name')}
            required
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                label={t('fields.brand')}
                value={fields.brand}
                onChange={(e) => setField('brand', e.currentTarget.value)}
                error={itemError('brand')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <Autocomplete
                size="md"
                label={t('fields.category')}
                placeholder={t('product.categoryHint')}
                value={fields.category}
                onChange={(c) => setField('category', c)}
                data={categories.data ?? []}
                error={itemError('category')}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label={t('fields.description')}
            value={fields.description}
            onChange={(e) => setField('description', e.currentTarget.value)}
            error={itemError('description')}
            autosize
            minRows={2}
            maxRows={6}
          />
          <ImagePicker
            store={store}
            imageId={source?.imageId ?? null}
            value={image}
            onChange={setImage}
            error={itemError('image') ?? itemError('imageId')}
          />
        </Section>
        <Section title={t('items.options.title')} hint={t('items.options.hint')}>
          <OptionEditor draft={draft} onChange={setDraft} errors={errors} />
          <CombinationsGrid draft={draft} onChange={setDraft} />
        </Section>
        <Section
          title={t('items.variants.titleCount', { count: rowCount })}
          hint={editing ? t('items.variants.hintEdit') : t('items.variants.hint')}
        >
          <BulkEdit
            count={selectedKeys.length}
            onApply={(price, cost) => setDraft(bulkSet(draft, selectedKeys, price, cost))}
            onClear={() => setSelected(new Set())}
          />
          {itemError('variants') && (
            <Text c="red" fz="sm">
              {itemError('variants')}
            </Text>
          )}
          <VariantTable
            draft={draft}
            itemName={fields.name.trim()}
            onChange={setDraft}
            errors={errors}
            selected={selected}
            onSelect={(keys, on) =>
              setSelected((old) => {
                const next = new Set(old);
                for (const k of keys) {
                  if (on) next.add(k);
                  else next.delete(k);
                }
                return next;
              })
            }
            onGenerate={(row) => void generate(row)}
            generating={generating}
            onFocusCode={(row) => {
              activeRow.current = row;
            }}
            phone={phone}
          />
        </Section>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} size="md">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} size="md" {...lock}>
            {editing ? t('common.save') : t('items.form.create', { count: rowCount })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
