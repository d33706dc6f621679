import { Group, Pagination, type MantineSpacing } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';

/**
 * The page buttons under a paged list, hidden when everything fits on one page. `page` counts
 * from 0, as the API's windows do. `compact` (a phone, a narrow column) keeps only the current
 * page between the arrows and the first and last pages, so the row fits.
 */
export function Pager({
  page,
  pages,
  onChange,
  compact = false,
  mt,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  compact?: boolean;
  mt?: MantineSpacing;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt={mt}>
      <Pagination
        total={pages}
        value={page + 1}
        onChange={(p) => onChange(p - 1)}
        siblings={compact ? 0 : 1}
        boundaries={1}
        getControlProps={(c) => ({ 'aria-label': t(`pager.${c}`) })}
      />
    </Group>
  );
}
