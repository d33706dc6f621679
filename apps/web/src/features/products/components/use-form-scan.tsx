import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { productCodeProblem, type Product, type ProductSuggestion } from '@shopdesk/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconAlert } from '../../../components/icons.tsx';
import { useWedgeScanner } from '../../../scanning/use-wedge-scanner.ts';
import { productQuery } from '../api/get-product.ts';
import { suggestionQuery } from '../api/get-suggestion.ts';

interface Options {
  store: string;
  /** The product being edited; undefined on New product. */
  product?: Product;
  /** The barcode field's current text. */
  code: string;
  setCode: (code: string) => void;
  setCodeError: (message: string | undefined) => void;
  /** Fills what the owner has not typed yet from what another store knows of the code. */
  applySuggestion: (suggestion: ProductSuggestion) => void;
  /** Where the owner goes on after a scan on New product: the name. */
  focusNext: () => void;
  onOpenProduct: (code: string) => void;
}

type Prompt = { kind: 'known'; product: Product } | { kind: 'replace'; code: string; takenBy: Product | null };

/**
 * What a scan does on the product form, whichever field has focus (the wedge hub takes the burst
 * back out of that field and keeps its Enter from submitting):
 * - New product: the code goes into Barcode and is checked: a product of this store with it is
 *   offered to open instead, one known in another store prefills the form; focus moves to Name.
 * - Edit product: a different code is only taken after the owner confirms the replacement.
 * Returns the handler (the camera uses it too) and the dialog to render.
 */
export function useFormScan(options: Options): { onScan: (code: string) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  // Only the latest scan's answers count: a slow lookup of an earlier code must not open a dialog.
  const latest = useRef(0);
  const { store, product, code, setCode, setCodeError, applySuggestion, focusNext, onOpenProduct } = options;

  const lookup = useCallback(
    (scanned: string) => queryClient.fetchQuery(productQuery(store, scanned)).catch(() => null),
    [queryClient, store],
  );

  const checkNew = useCallback(
    async (scanned: string, turn: number) => {
      const problem = productCodeProblem(scanned);
      if (problem) {
        setCodeError(problem === 'FORMAT' ? t('scan.badFormat') : t('scan.badCheckDigit'));
        return;
      }
      const existing = await lookup(scanned);
      if (turn !== latest.current) return;
      if (existing) {
        setPrompt({ kind: 'known', product: existing });
        return;
      }
      const suggestion = await queryClient.fetchQuery(suggestionQuery(store, scanned)).catch(() => null);
      if (turn !== latest.current || !suggestion?.name) return;
      applySuggestion(suggestion);
      notifications.show({
        color: 'teal',
        message: t('productForm.prefilled', { source: suggestion.source ?? '' }),
      });
    },
    [applySuggestion, lookup, queryClient, setCodeError, store, t],
  );

  const onScan = useCallback(
    (scanned: string) => {
      const turn = ++latest.current;
      if (product) {
        if (scanned === code) return;
        if (!code.trim()) {
          setCode(scanned);
          return;
        }
        setPrompt({ kind: 'replace', code: scanned, takenBy: null });
        void lookup(scanned).then((owner) => {
          if (turn !== latest.current || !owner || owner.id === product.id) return;
          setPrompt((p) => (p?.kind === 'replace' && p.code === scanned ? { ...p, takenBy: owner } : p));
        });
        return;
      }
      setPrompt(null);
      setCode(scanned);
      focusNext();
      void checkNew(scanned, turn);
    },
    [checkNew, code, focusNext, lookup, product, setCode],
  );

  useWedgeScanner(onScan);

  const close = () => setPrompt(null);
  let dialog: ReactNode = null;
  if (prompt?.kind === 'known') {
    const name = prompt.product.name;
    dialog = (
      <ConfirmDialog
        opened
        title={t('productForm.knownTitle')}
        message={t('productForm.knownText', { code: prompt.product.code, name })}
        confirmLabel={t('productForm.knownOpen')}
        cancelLabel={t('productForm.knownStay')}
        onCancel={close}
        onConfirm={() => {
          close();
          onOpenProduct(prompt.product.code);
        }}
      />
    );
  } else if (prompt?.kind === 'replace') {
    dialog = (
      <ConfirmDialog
        opened
        title={t('productForm.replaceTitle')}
        message={<Text>{t('productForm.replaceText', { code: prompt.code, current: code })}</Text>}
        confirmLabel={t('productForm.replaceConfirm')}
        cancelLabel={t('productForm.replaceKeep')}
        onCancel={close}
        onConfirm={() => {
          close();
          setCode(prompt.code);
        }}
      >
        {prompt.takenBy && (
          <Alert color="orange" variant="light" icon={<IconAlert size={20} />}>
            {t('productForm.replaceTaken', { name: prompt.takenBy.name })}
          </Alert>
        )}
      </ConfirmDialog>
    );
  }
  return { onScan, dialog };
}
