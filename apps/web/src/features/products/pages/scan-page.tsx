import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Box, Container, Grid, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useWedgeScanner } from '../../../scanning/use-wedge-scanner.ts';
import { CameraScanner } from '../../../scanning/camera-scanner.tsx';
import { BarcodeInput } from '../../../scanning/barcode-input.tsx';
import { IconScan } from '../../../components/icons.tsx';
import { WeighEntryModal } from '../../../components/weigh-entry-modal.tsx';
import { LabelSheetModal } from '../../../printing/labels/label-sheet-modal.tsx';
import { labelContentOf, type LabelContent } from '../../../printing/labels/label-layout.ts';
import { formatMain, useStoreMoney } from '../../../lib/store-money.ts';
import { useProduct } from '../api/get-product.ts';
import { ProductCard } from '../components/product-card.tsx';
import { UnknownProduct } from '../components/unknown-product.tsx';
import { StockTakePanel } from '../components/stock-take-panel.tsx';
import { useTally } from '../stock-take/use-tally.ts';
import { useStockTakeScan } from '../stock-take/use-stock-take-scan.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * /{store}/stock/scan/{barcode?}: look a product up by scanning (wedge scanner anywhere on the
 * page, the Barcode field, or the camera). With ?i=true it is a stock-take: each scan counts one piece (a scale label its weight or count;
 * a weighed product's plain code asks for its weight).
 */
export default function ScanPage() {
  const { t } = useTranslation();
  const { store = '', barcode } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const stockTake = params.get('i') === 'true';
  const [cameraOn, setCameraOn] = useState(false);
  const [tally, dispatch] = useTally(store);
  const [label, setLabel] = useState<LabelContent | null>(null);
  const money = useStoreMoney();
  const product = useProduct(store, stockTake ? undefined : barcode);
  const counting = useStockTakeScan(store, dispatch);
  const countScan = counting.scan;

  const onScan = useCallback(
    (code: string) => {
      if (stockTake) void countScan(code);
      else navigate(paths.stockScan(store, code));
    },
    [stockTake, countScan, navigate, store],
  );
  // The weight entry takes the keyboard while it is open.
  useWedgeScanner(onScan, { enabled: counting.weigh === null });

  const setMode = (mode: string) => {
    const next = new URLSearchParams(params);
    if (mode === 'count') next.set('i', 'true');
    else next.delete('i');
    setParams(next, { replace: true });
  };

  let result: ReactNode = null;
  if (stockTake) result = <StockTakePanel store={store} tally={tally} dispatch={dispatch} />;
  else if (!barcode) {
    result = (
      <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
        <Stack align="center" gap="xs" c="dimmed" ta="center">
          <IconScan size={48} />
          <Text fw={600}>{t('scan.emptyTitle')}</Text>
          <Text fz="sm">{t('scan.emptyText')}</Text>
        </Stack>
      </Paper>
    );
  } else if (product.isPending && product.fetchStatus === 'paused') {
    // Offline, and this code was never looked up on this device: say so instead of loading forever.
    result = (
      <Alert color="gray" role="status" title={t('offline.notLoadedTitle')}>
        {t('offline.notLoadedText', { code: barcode })}
      </Alert>
    );
  } else if (product.isPending) result = <Skeleton h={280} radius="lg" />;
  else if (product.isError)
    result = (
      <Alert color="red" role="alert">
        {describeError(t, product.error)}
      </Alert>
    );
  else if (product.data) {
    const p = product.data;
    result = (
      <ProductCard
        store={store}
        product={p}
        onPrintLabel={() => setLabel(labelContentOf(p, (minor) => formatMain(money, minor)))}
      />
    );
  } else result = <UnknownProduct store={store} code={barcode} />;

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Box>
          <Title order={1} fz={24}>
            {stockTake ? t('stockTake.pageTitle') : t('scan.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {stockTake ? t('stockTake.hint') : t('scan.hint')}
          </Text>
        </Box>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <SegmentedControl
                fullWidth
                value={stockTake ? 'count' : 'lookup'}
                onChange={setMode}
                data={[
                  { value: 'lookup', label: t('scan.modeLookup') },
                  { value: 'count', label: t('scan.modeCount') },
                ]}
                aria-label={t('scan.mode')}
              />
              <BarcodeInput
                onSubmit={onScan}
                onCamera={() => setCameraOn((on) => !on)}
                cameraOn={cameraOn}
                submitLabel={stockTake ? t('stockTake.count') : undefined}
              />
              {cameraOn && <CameraScanner active={cameraOn} onScan={onScan} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>{result}</Grid.Col>
        </Grid>
      </Stack>
      <LabelSheetModal content={label} onClose={() => setLabel(null)} />
      <WeighEntryModal request={counting.weigh} onAdd={counting.addWeight} onClose={counting.cancelWeigh} />
    </Container>
  );
}
