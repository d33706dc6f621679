import { useTranslation } from '../lib/i18n/use-translation.ts';
import type { CurrencyCode } from '@shopdesk/shared';
import { CurrencySelect } from './currency-select.tsx';

interface Props {
  main: CurrencyCode | null;
  second: CurrencyCode | null;
  onMainChange: (value: CurrencyCode | null) => void;
  onSecondChange: (value: CurrencyCode | null) => void;
  errors: { mainCurrency?: string; secondCurrency?: string };
  /** Overrides the main currency's hint, e.g. to say it is fixed once the store has data. */
  mainDescription?: string;
}

/**
 * A store's main and optional second currency. The second never equals the main: picking the
 * second's currency as the main clears the second, and the main is not offered as the second.
 */
export function CurrencyPairFields({ main, second, onMainChange, onSecondChange, errors, mainDescription }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <CurrencySelect
        label={t('fields.mainCurrency')}
        description={mainDescription ?? t('fields.mainCurrencyHint')}
        value={main}
        onChange={(c) => {
          onMainChange(c);
          if (c && c === second) onSecondChange(null);
        }}
        error={errors.mainCurrency}
        allowDeselect={false}
        required
      />
      <CurrencySelect
        label={t('fields.secondCurrency')}
        description={t('fields.secondCurrencyHint')}
        value={second}
        onChange={onSecondChange}
        exclude={main}
        error={errors.secondCurrency}
        clearable
      />
    </>
  );
}
