import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { asProductUnit, isMeasuredUnit, type CargoContent, type ProductUnit } from '@shopdesk/shared';
import { CountStepper } from '../../../components/counting/count-stepper.tsx';
import { CountingRow } from '../../../components/counting/counting-row.tsx';
import { ExpectedCount } from '../../../components/counting/expected-count.tsx';
import { MeasuredCount } from '../../../components/counting/measured-count.tsx';

interface Props {
  line: CargoContent;
  count: number;
  /** What the count is compared with (the sent quantity, when counting a delivery). */
  sent?: number;
  price?: string;
  highlighted: boolean;
  onStep: (delta: number) => void;
  onSet: (value: number) => void;
  onRemove?: () => void;
}

/**
 * One content line being counted: what it is, and its count with − and +. A weighed line (KG, L,
 * M) shows its quantities in its unit (0.350 kg) and takes its count typed, without − and +.
 */
export function CountRow({ line, count, sent, price, highlighted, onStep, onSet, onRemove }: Props) {
  const { t } = useTranslation();
  const unit = asProductUnit(line.unit);
  const countLabel = t(sent === undefined ? 'cargo.count.quantityOf' : 'cargo.count.receivedOf', { name: line.name });
  return (
    <CountingRow
      label={line.name}
      dataCode={line.code}
      title={line.name}
      code={line.code}
      codeExtra={`${line.brand ? ` · ${line.brand}` : ''}${price ? ` · ${price}` : ''}`}
      expected={
        sent !== undefined && (
          <ExpectedCount
            unit={unit}
            expected={sent}
            counted={count}
            expectedText={{ pieces: 'cargo.count.sent', measured: 'cargo.count.sentMeasured' }}
            shortText={{ pieces: 'cargo.diff.short', measured: 'cargo.count.shortMeasured' }}
            overText={{ pieces: 'cargo.diff.over', measured: 'cargo.count.overMeasured' }}
          />
        )
      }
      control={
        isMeasuredUnit(unit) ? (
          <MeasuredCount value={count} unit={unit as Exclude<ProductUnit, 'EACH'>} label={countLabel} onSet={onSet} />
        ) : (
          <CountStepper
            value={count}
            label={countLabel}
            minusLabel={t('cargo.count.minus', { name: line.name })}
            plusLabel={t('cargo.count.plus', { name: line.name })}
            onStep={onStep}
            onSet={onSet}
          />
        )
      }
      highlighted={highlighted}
      onRemove={onRemove}
      removeLabel={t('cargo.count.remove', { name: line.name })}
    />
  );
}
