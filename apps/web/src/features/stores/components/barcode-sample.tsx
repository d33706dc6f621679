import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  barcodeRuleLayout,
  CURRENCIES,
  formatMoney,
  formatQuantity,
  gs1CheckDigit,
  scannedPrice,
  scannedWeight,
  scanWithRules,
  type BarcodeRule,
  type CurrencyCode,
} from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

interface Props {
  rules: BarcodeRule[];
  currency: CurrencyCode;
  locale: string;
  value: string;
  onChange: (code: string) => void;
}

type Part = { digits: string; label: string; color: string };

/** The 13 digits cut into what the rule reads from them, each part under its name. */
function Parts({ parts }: { parts: Part[] }) {
  return (
    <Group gap={6} wrap="wrap" aria-hidden>
      {parts.map((p, i) => (
        <Stack key={i} gap={0} align="center">
          <Text ff="monospace" fz="lg" fw={700} c={p.color} style={{ letterSpacing: 2 }}>
            {p.digits}
          </Text>
          <Text fz={11} c="dimmed">
            {p.label}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

/**
 * "Try a code": how the rules being edited read a label typed or scanned in, with the reason when
 * it is refused, so an owner checks a scale's labels before saving.
 */
export function BarcodeSample({ rules, currency, locale, value, onChange }: Props) {
  const { t } = useTranslation();
  const code = value.trim();
  const complete = /^\d{13}$/.test(code);
  const scan = complete ? scanWithRules(code, rules) : null;

  let reading: React.ReactNode = <Text c="dimmed">{t('barcodeRules.sampleHint')}</Text>;
  if (complete && !scan) reading = <Text>{t('barcodeRules.noRule')}</Text>;
  if (scan && !scan.ok) {
    const reason =
      scan.reason === 'CHECK_DIGIT'
        ? t('barcodeRules.refusedCheckDigit', { expected: gs1CheckDigit(code.slice(0, 12)) })
        : t('barcodeRules.refusedValueCheck');
    reading = (
      <Text c="red" fw={600} role="alert">
        {reason}
      </Text>
    );
  }
  if (scan?.ok) {
    const layout = barcodeRuleLayout(scan.rule);
    const r = scan.rule;
    let value: string;
    if (r.value === 'PRICE') {
      const minor = scannedPrice(r, scan.value, CURRENCIES[currency].exponent);
      value = minor === null ? t('barcodeRules.priceTooPrecise') : formatMoney(minor, currency, locale);
    } else if (r.value === 'WEIGHT') value = formatQuantity(scannedWeight(r, scan.value), 'KG');
    else value = t('barcodeRules.countValue', { count: scan.value });
    const parts: Part[] = [
      { digits: r.prefix, label: t('barcodeRules.partPrefix'), color: 'gray' },
      { digits: scan.itemCode, label: t('barcodeRules.partItem'), color: 'blue' },
      ...(layout.valueCheck !== null
        ? [{ digits: code[layout.valueCheck] ?? '', label: t('barcodeRules.partValueCheck'), color: 'grape' }]
        : []),
      { digits: code.slice(...layout.value), label: t(`barcodeRules.values.${r.value}`), color: 'teal' },
      { digits: code[12] ?? '', label: t('barcodeRules.partCheck'), color: 'gray' },
    ];
    reading = (
      <Stack gap="xs">
        <Parts parts={parts} />
        <Group gap="xs">
          <Badge variant="light" tt="none">
            {t('barcodeRules.readByRule', { n: r.position + 1, prefix: r.prefix })}
          </Badge>
        </Group>
        <Text>
          {t('barcodeRules.readItem', { item: scan.itemCode })}
          {' · '}
          <Text span fw={700}>
            {t(`barcodeRules.values.${r.value}`)}: {value}
          </Text>
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        size="md"
        label={t('barcodeRules.sampleLabel')}
        placeholder="2112345003428"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={13}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <div aria-live="polite">{reading}</div>
    </Stack>
  );
}
