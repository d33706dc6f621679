import { useTranslation } from '../lib/i18n/use-translation.ts';
import { useParams } from '../lib/router/index.ts';
import { paths } from '../lib/paths.ts';
import { IconClock } from '../components/icons.tsx';
import { NotFound } from '../components/not-found.tsx';

/**
 * A screen of original.md §2 that is not built yet (cargo, the counter, sales, subscription,
 * support, receipt templates): opened by its address it says so and leads home, instead of
 * claiming the page does not exist. Home and the navigator mark these sections "Coming soon".
 */
export function ComingSoon() {
  const { t } = useTranslation();
  const { store = '' } = useParams();
  return (
    <NotFound
      badge={<IconClock size={32} />}
      title={t('comingSoon.title')}
      text={t('comingSoon.text')}
      homeTo={paths.store(store)}
    />
  );
}
