import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Container,
  Group,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { PriceText } from '../../../components/price-text.tsx';
import { QuantityBadge } from '../../../components/quantity-badge.tsx';
import { IconSearch } from '../../../components/icons.tsx';
import { useProductPages } from '../api/search-products.ts';
import { useCategories } from '../api/list-categories.ts';
import { ProductImage } from '../components/product-image.tsx';
import { paths } from '../../../lib/paths.ts';

const WINDOW = 24;

/** /{store}/stock/inventory-catalog: a picture grid, a window at a time as the owner scrolls. */
export default function CatalogPage() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const [category, setCategory] = useState('');
  const categories = useCategories(store);
  const pages = useProductPages(store, WINDOW, {
    q: debouncedQ || undefined,
    category: category || undefined,
    sort: 'name',
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  // The next window loads as the end of the grid comes near; the button stays for keyboards.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Container size="xl" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            {t('catalog.title')}
          </Title>
          <Text c="dimmed" mt={4} aria-live="polite">
            {pages.data ? t('productList.count', { count: total }) : '\u00a0'}
          </Text>
        </div>
        <TextInput
          type="search"
          aria-label={t('productList.search')}
          placeholder={t('productList.searchPlaceholder')}
          leftSection={<IconSearch size={18} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        {(categories.data?.length ?? 0) > 0 && (
          <ScrollArea type="never" offsetScrollbars={false}>
            <Chip.Group multiple={false} value={category} onChange={(v) => setCategory(v === category ? '' : v)}>
              <Group gap="xs" wrap="nowrap" role="group" aria-label={t('catalog.categories')}>
                <Chip value="" variant="light">
                  {t('catalog.all')}
                </Chip>
                {categories.data!.map((c) => (
                  <Chip key={c} value={c} variant="light">
                    {c}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </ScrollArea>
        )}
        {pages.isError && (
          <Alert color="red" role="alert">
            {describeError(t, pages.error)}
          </Alert>
        )}
        {pages.isPending && (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="md">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} h={240} radius="lg" />
            ))}
          </SimpleGrid>
        )}
        {pages.data && items.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {debouncedQ ? t('productList.noMatch', { q: debouncedQ }) : t('productList.empty')}
          </Text>
        )}
        <SimpleGrid
          cols={{ base: 2, sm: 3, md: 4, lg: 5 }}
          spacing={{ base: 'sm', sm: 'md' }}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('catalog.title')}
        >
          {items.map((p) => (
            <Box component="li" key={p.id}>
              <Card
                component={Link}
                to={paths.stockScan(store, p.code)}
                withBorder
                radius="lg"
                padding="sm"
                className="home-card"
                h="100%"
                aria-label={p.name}
              >
                <Card.Section>
                  <ProductImage store={store} imageId={p.imageId} alt="" lazy radius="0" />
                </Card.Section>
                <Stack gap={2} mt="sm">
                  {p.brand && (
                    <Text fz="xs" c="dimmed" truncate>
                      {p.brand}
                    </Text>
                  )}
                  <Text fw={600} lineClamp={2} lh={1.3}>
                    {p.name}
                  </Text>
                  <Group justify="space-between" align="center" wrap="nowrap" mt={4}>
                    <PriceText minor={p.price} />
                    <QuantityBadge quantity={p.quantity} unit={p.unit} />
                  </Group>
                </Stack>
              </Card>
            </Box>
          ))}
        </SimpleGrid>
        <div ref={sentinel} />
        {hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
              {t('catalog.loadMore')}
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
