import { List, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconCheck } from '../../../components/icons.tsx';

const BENEFITS = ['products', 'cargos', 'transactions', 'members', 'storage', 'support'] as const;

/** What premium gives: every free limit lifted at once (staff too), more image storage. */
export function PremiumBenefits() {
  const { t } = useTranslation();
  return (
    <List
      spacing="xs"
      size="sm"
      icon={
        <ThemeIcon color="teal" size={22} radius="xl">
          <IconCheck size={14} />
        </ThemeIcon>
      }
    >
      {BENEFITS.map((b) => (
        <List.Item key={b}>
          <Text size="sm">{t(`subscription.benefits.${b}`)}</Text>
        </List.Item>
      ))}
    </List>
  );
}
