import { NotFound } from './not-found.tsx';
import { IconLock } from './icons.tsx';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { needText, type Need } from '../lib/store-rights.ts';

/**
 * What a member sees on a screen their role does not open (the server would answer it 403):
 * which permission it needs and who can give it, with the way back home.
 */
export function NoPermission({ need, homeTo }: { need: Need; homeTo: string }) {
  const { t } = useTranslation();
  return (
    <NotFound title={t('rights.screenTitle')} text={needText(t, need)} homeTo={homeTo} badge={<IconLock size={32} />} />
  );
}
