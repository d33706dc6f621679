import { useState, type Dispatch } from 'react';
import { Alert, Box, Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useCategories } from '../api/list-categories.ts';
import { productPagesQuery, useProductWindow } from '../api/search-products.ts';
import { notCountedCount, type ReviewLine } from '../stock-take/review.ts';
import type { TallyAction } from '../stock-take/tally.ts';

const PAGE = 50;

/**
 * Products of the counted area (whole store or one category, narrowed to one item by its name)
 * that were not counted. Only their number is loaded (the search's total); the list itself comes a
 * page at a time on request, so a 100k catalogue costs nothing. Saving never touches them:
 * counting one as 0 is an explicit tap. Each variant is listed by its own name ("T-shirt (M,
 * Red)"): the product search never folds variants, and a stock-take counts each one.
 */
export function NotCounted({
  store,
  lines,
  dispatch,
}: {
  store: string;
  lines: ReviewLine[];
  dispatch: Dispatch<TallyAction>;
}) {
  const { t, i18n } = useTranslation();
  const [category, setCategory] = useState<string | null>(null);
  const [itemText, setItemText] = useState('');
  const [item] = useDebouncedValue(itemText.trim(), 300);
  const [listOpen, setListOpen] = useState(false);
  const categories = useCategories(store);
  const search = { sort: 'name' as const, ...(category ? { category } : {}), ...(item ? { q: item } : {}) };
  const area = useProductWindow(store, 0, 1, search);
  const pages = useInfiniteQuery({ ...productPagesQuery(store, PAGE, search), enabled: listOpen });
  const counted = new Set(lines.map((l) => l.code));
  const missing = area.data ? notCountedCount(area.data.total, lines, category, item) : null;
  const shown = (pages.data?.pages ?? []).flatMap((p) => p.items).filter((p) => !counted.has(p.code));
  const n = (v: number) => v.toLocaleString(i18n.language);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="not-counted-title">
      <Stack gap="sm">
        <Title order={3} fz={16} id="not-counted-title">
          {t('stockTake.notCounted.title')}
        </Title>
        <Select
          label={t('stockTake.notCounted.area')}
          data={[
            { value: '', label: t('stockTake.notCounted.wholeStore') },
            ...(categories.data ?? []).map((c) => ({ value: c, label: c })),
          ]}
          value={category ?? ''}
          onChange={(v) => {
            setCategory(v ? v : null);
            setListOpen(false);
          }}
          allowDeselect={false}
          size="md"
        />
        <TextInput
          label={t('stockTakeVariants.item')}
          description={t('stockTakeVariants.itemHint')}
          placeholder={t('stockTakeVariants.itemPlaceholder')}
          value={itemText}
          onChange={(e) => {
            setItemText(e.currentTarget.value);
            setListOpen(false);
          }}
          size="md"
          type="search"
          autoComplete="off"
        />
        {area.isError && <Alert color="red">{describeError(t, area.error)}</Alert>}
        {missing === null && !area.isError && <Skeleton h={22} />}
        {missing !== null && area.data && (
          <Text fw={600} data-testid="not-counted-count">
            {item
              ? t('stockTakeVariants.countOf', { count: missing, total: n(area.data.total), item })
              : category
                ? t('stockTake.notCounted.countIn', { count: missing, total: n(area.data.total), category })
                : t('stockTake.notCounted.count', { count: missing, total: n(area.data.total) })}
          </Text>
        )}
        <Text fz="sm" c="dimmed">
          {t('stockTake.notCounted.explain')}
        </Text>
        {missing !== null && missing > 0 && !listOpen && (
          <Button variant="light" h={44} onClick={() => setListOpen(true)}>
            {t('stockTake.notCounted.show')}
          </Button>
        )}
        {listOpen && pages.isPending && <Skeleton h={120} />}
        {listOpen && (
          <Stack
            component="ul"
            gap={0}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('stockTake.notCounted.listLabel')}
          >
            {shown.map((p) => (
              <Group
                component="li"
                key={p.code}
                wrap="nowrap"
                gap="sm"
                py={6}
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} fz="sm" lineClamp={2}>
                    {p.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    <Text span ff="monospace" fz="xs">
                      {p.code}
                    </Text>
                    {' · '}
                    {t('stockTake.onRecord', { count: p.quantity })}
                  </Text>
                </Box>
                <Button
                  variant="default"
                  h={44}
                  onClick={() => dispatch({ type: 'add', code: p.code, counted: 0 })}
                  aria-label={t('stockTake.notCounted.countZeroFor', { name: p.name })}
                >
                  {t('stockTake.notCounted.countZero')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {listOpen && pages.hasNextPage && (
          <Button variant="subtle" h={44} loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t('catalog.loadMore')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
