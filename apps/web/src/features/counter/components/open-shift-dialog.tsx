import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import type { CurrencyCode, ShiftReport } from '@shopdesk/shared';
import { OpenShiftForm } from '../../../components/open-shift-form.tsx';

/**
 * Opening a shift from the counter: from the notice, or when Pay is pressed with no shift open.
 * Then a sale can also go ahead without one: it joins the next shift opened.
 */
export function OpenShiftDialog({
  store,
  currencies,
  beforeSale,
  onOpened,
  onSellAnyway,
  onClose,
}: {
  store: string;
  currencies: CurrencyCode[];
  /** Asked on the way to payment: the dialog explains why and offers to sell anyway. */
  beforeSale: boolean;
  onOpened: (shift: ShiftReport) => void;
  onSellAnyway: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(beforeSale ? 'counter.openShiftTitle' : 'counter.openShift')}
      centered
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
    >
      <Stack gap="md">
        {beforeSale && (
          <Text fz="sm" fw={600}>
            {t('counter.openShiftBeforeSale')}
          </Text>
        )}
        <OpenShiftForm store={store} currencies={currencies} onOpened={onOpened} />
        {beforeSale && (
          <Anchor component="button" type="button" fz="sm" c="dimmed" ta="left" onClick={onSellAnyway}>
            {t('counter.sellWithoutShift')}
          </Anchor>
        )}
      </Stack>
    </Modal>
  );
}
