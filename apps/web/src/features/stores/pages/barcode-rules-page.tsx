import { useState } from 'react';
import { Anchor, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  BARCODE_RULE_PRESETS,
  barcodeRulePreset,
  barcodeRuleProblems,
  type BarcodeRule,
  type BarcodeRulePreset,
  type CurrencyCode,
} from '@shopdesk/shared';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { paths } from '../../../lib/paths.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { barcodeRulesQuery } from '../../../lib/barcode-rules-query.ts';
import { useSession } from '../../../lib/session-store.ts';
import { notifications } from '../../../lib/notifications.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { IconBack, IconPlus } from '../../../components/icons.tsx';
import { useWriteLock } from '../../../components/offline-banner.tsx';
import { currentStoreQuery } from '../api/current-store.ts';
import { useSaveBarcodeRules } from '../api/save-barcode-rules.ts';
import { BarcodeRuleRow } from '../components/barcode-rule-row.tsx';
import { BarcodeSample } from '../components/barcode-sample.tsx';

const NEW_RULE: Omit<BarcodeRule, 'position'> = {
  prefix: '2',
  itemDigits: 6,
  valueDigits: 5,
  value: 'PRICE',
  decimals: 0,
  valueCheckDigit: false,
};

const renumber = (rules: BarcodeRule[]) => rules.map((r, position) => ({ ...r, position }));

/** The editor itself, started from the store's saved rules. */
function RulesEditor({ urlName, saved, currency }: { urlName: string; saved: BarcodeRule[]; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const locale = useSession((s) => s.userLocale);
  const lock = useWriteLock();
  const save = useSaveBarcodeRules();
  const [rules, setRules] = useState<BarcodeRule[]>(saved);
  const [preset, setPreset] = useState<BarcodeRulePreset>('JP');
  const [sample, setSample] = useState('');
  const invalid = rules.some((r) => barcodeRuleProblems(r).length > 0);

  const move = (index: number, by: -1 | 1) =>
    setRules((old) => {
      const next = [...old];
      const [rule] = next.splice(index, 1);
      if (rule) next.splice(index + by, 0, rule);
      return renumber(next);
    });

  const submit = () =>
    save.mutate(
      { urlName, body: { rules } },
      {
        onSuccess: (result) => {
          setRules(result.rules);
          notifications.show({ color: 'teal', message: t('barcodeRules.saved') });
        },
      },
    );

  return (
    <Stack gap="xl">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="rules-heading">
        <Title order={3} fz={18} mb={4} id="rules-heading">
          {t('barcodeRules.rulesHeading')}
        </Title>
        <Text fz="sm" c="dimmed" mb="md">
          {t('barcodeRules.intro')}
        </Text>
        <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
          <NativeSelect
            size="md"
            label={t('barcodeRules.preset')}
            value={preset}
            onChange={(e) => setPreset(e.currentTarget.value as BarcodeRulePreset)}
            data={BARCODE_RULE_PRESETS.map((p) => ({ value: p, label: t(`barcodeRules.presets.${p}`) }))}
            style={{ flex: '1 1 220px' }}
          />
          <Button size="md" variant="light" onClick={() => setRules(barcodeRulePreset(preset))}>
            {t('barcodeRules.usePreset')}
          </Button>
        </Group>
        {rules.length === 0 && (
          <Text c="dimmed" mb="md">
            {t('barcodeRules.empty')}
          </Text>
        )}
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {rules.map((rule, index) => (
            <BarcodeRuleRow
              key={index}
              rule={rule}
              index={index}
              count={rules.length}
              onChange={(next) => setRules((old) => old.map((r, i) => (i === index ? next : r)))}
              onMove={(by) => move(index, by)}
              onRemove={() => setRules((old) => renumber(old.filter((_, i) => i !== index)))}
            />
          ))}
        </Stack>
        <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setRules((old) => [...old, { ...NEW_RULE, position: old.length }])}
          >
            {t('barcodeRules.add')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={invalid} {...lock}>
            {t('common.save')}
          </Button>
        </Group>
        {save.isError && (
          <Stack mt="sm">
            <FormError>{describeError(t, save.error)}</FormError>
          </Stack>
        )}
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sample-heading">
        <Title order={3} fz={18} mb={4} id="sample-heading">
          {t('barcodeRules.sampleHeading')}
        </Title>
        <Text fz="sm" c="dimmed" mb="md">
          {t('barcodeRules.sampleIntro')}
        </Text>
        <BarcodeSample rules={rules} currency={currency} locale={locale} value={sample} onChange={setSample} />
      </Paper>
    </Stack>
  );
}

/** "Barcode rules" of one of the user's stores: how its counter reads scale and price labels. */
export default function BarcodeRulesPage() {
  const { t } = useTranslation();
  const { store: openStore = '', urlName = '' } = useParams();
  const target = useQuery(currentStoreQuery(urlName));
  const rules = useQuery({ ...barcodeRulesQuery(urlName), staleTime: 0 });
  const ready = target.data && rules.data && rules.isFetchedAfterMount;
  return (
    <PageFrame title={t('barcodeRules.title')} description={target.data?.name}>
      <Anchor
        component={Link}
        to={paths.profileStore(openStore)}
        fz="sm"
        mt={-8}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
      >
        <IconBack size={16} aria-hidden />
        {t('saleSettings.backToStores')}
      </Anchor>
      {!ready && !rules.isError && !target.isError && <Skeleton h={360} radius="lg" />}
      {(rules.isError || target.isError) && <FormError>{describeError(t, rules.error ?? target.error)}</FormError>}
      {ready && (
        <RulesEditor
          key={urlName}
          urlName={urlName}
          saved={rules.data.rules}
          currency={target.data.mainCurrency as CurrencyCode}
        />
      )}
    </PageFrame>
  );
}
