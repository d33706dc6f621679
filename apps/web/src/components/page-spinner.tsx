import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';

/** The 50px spinner of original.md §2, shown while a screen loads. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={fullScreen ? '100dvh' : 240} role="status" aria-label={t('app.loading')}>
      <Loader size={50} />
    </Center>
  );
}
