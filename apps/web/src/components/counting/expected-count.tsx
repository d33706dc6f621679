import { Text } from '@mantine/core';
import { asProductUnit, formatQuantity, isMeasuredUnit } from '@shopdesk/shared';
import { useTranslation } from '../../lib/i18n/use-translation.ts';

/** A text key for pieces (`{{count}}`) and one for a measured unit (`{{quantity}}`, e.g. "0.350 kg"). */
export interface CountTexts {
  pieces: string;
  measured: string;
}

interface Props {
  unit: string | null | undefined;
  /** What was expected: sent in a cargo, on record in a stock-take (thousandths when measured). */
  expected: number;
  expectedText: CountTexts;
  /** With the count, the line also says how many are short or over. */
  counted?: number;
  shortText?: CountTexts;
  overText?: CountTexts;
}

/**
 * The count beside what was expected, under a counted row: "Sent: 10 · 2 short", "5 on record".
 * Red when short (or the record is below zero), orange when over, dimmed when they agree.
 */
export function ExpectedCount({ unit, expected, expectedText, counted, shortText, overText }: Props) {
  const { t } = useTranslation();
  const u = asProductUnit(unit);
  const measured = isMeasuredUnit(u);
  const say = (texts: CountTexts, n: number) =>
    measured ? t(texts.measured, { quantity: formatQuantity(n, u) }) : t(texts.pieces, { count: n });
  const diff = counted === undefined ? 0 : counted - expected;
  const color = diff < 0 || expected < 0 ? 'red' : diff > 0 ? 'orange' : 'dimmed';
  return (
    <Text fz="xs" c={color} fw={diff ? 600 : undefined}>
      {say(expectedText, expected)}
      {diff < 0 && shortText ? ` · ${say(shortText, -diff)}` : ''}
      {diff > 0 && overText ? ` · ${say(overText, diff)}` : ''}
    </Text>
  );
}
