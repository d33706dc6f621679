import { forwardRef, useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconCamera, IconSearch } from '../../../components/icons.tsx';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import type { CounterProduct, ItemEntry, SearchEntry, SearchResult } from '../catalog/use-counter-catalog.ts';

/** Digits and letters only, as a barcode is: Enter on such text looks the code up instead. */
const CODE_TEXT = /^[0-9A-Za-z-]{4,64}$/;

/** Results shown; more are asked for, since an item's variants fold into one row. */
const SHOWN = 8;
const ASKED = 24;

/**
 * Finds a product by name (or a code typed by hand) and adds it. Results come from the server
 * while online and from this device's copy offline. Arrow keys and Enter pick a result. An item
 * with several variants shows once; picking it asks which variant (`onPickItem`).
 */
export const ProductSearch = forwardRef<
  HTMLInputElement,
  {
    search: (text: string, limit?: number) => Promise<SearchResult>;
    onPick: (product: CounterProduct) => void;
    onPickItem: (item: ItemEntry) => void;
    onCode: (code: string) => void;
    cameraOn: boolean;
    onCamera: () => void;
  }
>(function ProductSearch({ search, onPick, onPickItem, onCode, cameraOn, onCamera }, ref) {
  const { t } = useTranslation();
  const money = useStoreMoney();
  const [text, setText] = useState('');
  const [results, setResults] = useState<SearchEntry[] | null>(null);
  // Every product found, unfolded: a code typed in full adds its variant, not the item.
  const [found, setFound] = useState<CounterProduct[]>([]);
  const [local, setLocal] = useState(false);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const asked = useRef(0);

  useEffect(() => {
    const query = text.trim();
    if (query.length < 2) {
      setResults(null);
      return;
    }
    const id = ++asked.current;
    setLoading(true);
    // Debounced: a name is typed letter by letter; a search per key would queue stale answers.
    const timer = setTimeout(() => {
      search(query, ASKED)
        .then((answer) => {
          if (id !== asked.current) return;
          setResults(answer.entries.slice(0, SHOWN));
          setFound(answer.items);
          setLocal(answer.source === 'local');
          setActive(0);
        })
        .catch(() => id === asked.current && setResults([]))
        .finally(() => id === asked.current && setLoading(false));
    }, 200);
    return () => clearTimeout(timer);
  }, [text, search]);

  const pick = (entry: SearchEntry) => {
    if (entry.kind === 'item') onPickItem(entry);
    else onPick(entry.product);
    setText('');
    setResults(null);
  };

  return (
    <Box pos="relative">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          ref={ref}
          style={{ flex: 1 }}
          size="md"
          placeholder={t('counter.searchPlaceholder')}
          aria-label={t('counter.search')}
          leftSection={loading ? <Loader size={16} /> : <IconSearch size={18} />}
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && results?.length) {
              e.preventDefault();
              setActive((a) => Math.min(results.length - 1, a + 1));
            } else if (e.key === 'ArrowUp' && results?.length) {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === 'Escape') {
              setText('');
              setResults(null);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              const query = text.trim();
              const exact = results && found.find((p) => p.code === query);
              if (exact) pick({ kind: 'product', product: exact });
              else if (CODE_TEXT.test(query) && /\d/.test(query)) {
                onCode(query);
                setText('');
                setResults(null);
              } else if (results?.[active]) pick(results[active]);
            }
          }}
          role="combobox"
          aria-expanded={Boolean(results?.length)}
          aria-controls="counter-search-results"
          aria-activedescendant={results?.length ? `counter-search-${active}` : undefined}
        />
        <ActionIcon
          size={42}
          variant={cameraOn ? 'filled' : 'default'}
          onClick={onCamera}
          aria-label={cameraOn ? t('counter.cameraOff') : t('counter.cameraOn')}
          aria-pressed={cameraOn}
        >
          <IconCamera size={20} />
        </ActionIcon>
      </Group>
      {results && (
        <Paper
          shadow="md"
          withBorder
          radius="md"
          pos="absolute"
          left={0}
          right={0}
          mt={4}
          style={{ zIndex: 20, maxHeight: 360, overflowY: 'auto' }}
        >
          {local && (
            <Text px="sm" pt={6} fz="xs" c="dimmed">
              {t('counter.localResults')}
            </Text>
          )}
          {results.length === 0 ? (
            <Text p="sm" fz="sm" c="dimmed">
              {t('counter.noResults')}
            </Text>
          ) : (
            <Stack gap={0} id="counter-search-results" role="listbox" aria-label={t('counter.searchResults')}>
              {results.map((entry, i) => (
                <UnstyledButton
                  key={entry.kind === 'item' ? `item:${entry.itemId}` : entry.product.code}
                  id={`counter-search-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(entry)}
                  px="sm"
                  py={8}
                  bg={i === active ? 'var(--mantine-color-blue-light)' : undefined}
                >
                  {entry.kind === 'item' ? (
                    <Group justify="space-between" wrap="nowrap">
                      <Box style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {entry.name}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {t('counterVariants.count', { count: entry.variants.length })} ·{' '}
                          {t('counter.inStock', { count: entry.quantity })}
                        </Text>
                      </Box>
                      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {entry.priceMin === entry.priceMax
                          ? formatMain(money, entry.priceMin)
                          : `${formatMain(money, entry.priceMin)}–${formatMain(money, entry.priceMax)}`}
                      </Text>
                    </Group>
                  ) : (
                    <Group justify="space-between" wrap="nowrap">
                      <Box style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {entry.product.name}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {entry.product.code} · {t('counter.inStock', { count: entry.product.quantity })}
                        </Text>
                      </Box>
                      <Text fw={600}>{formatMain(money, entry.product.price)}</Text>
                    </Group>
                  )}
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Box>
  );
});
