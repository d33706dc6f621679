import { Checkbox, Input, NumberInput, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { MEMBER_ROLES, PERMISSIONS, type MemberRole, type Permission } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';

export interface RightsValue {
  role: MemberRole;
  permissions: Permission[];
  /** Whole or decimal percent as typed; sent as basis points. */
  maxDiscountPercent: number | string;
}

interface Props {
  value: RightsValue;
  /** A new role starts from its default permissions and discount (staff.ts) in the caller's handler. */
  onRole: (role: MemberRole) => void;
  onChange: (value: RightsValue) => void;
  errors: Record<string, string | undefined>;
}

/** Role, permission checkboxes and maximum discount of a member or an invitation. */
export function RightsFields({ value, onRole, onChange, errors }: Props) {
  const { t } = useTranslation();
  const toggle = (p: Permission, on: boolean) =>
    onChange({
      ...value,
      // Kept in the list's order, so the saved permissions read the same way every time.
      permissions: PERMISSIONS.filter((x) => (x === p ? on : value.permissions.includes(x))),
    });
  return (
    <Stack gap="md">
      <div>
        <Input.Label id="member-role-label" mb={4}>
          {t('members.role')}
        </Input.Label>
        <SegmentedControl
          fullWidth
          aria-labelledby="member-role-label"
          value={value.role}
          onChange={(role) => onRole(role as MemberRole)}
          data={MEMBER_ROLES.map((r) => ({ value: r, label: t(`members.roles.${r}`) }))}
        />
      </div>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Input.Label component="legend" mb={6}>
          {t('members.permissions')}
        </Input.Label>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8} verticalSpacing={10}>
          {PERMISSIONS.map((p) => (
            <Checkbox
              key={p}
              label={t(`members.permission.${p}`)}
              checked={value.permissions.includes(p)}
              onChange={(e) => toggle(p, e.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
        {errors.permissions && (
          <Text c="red" size="sm" mt={6}>
            {errors.permissions}
          </Text>
        )}
      </fieldset>
      <NumberInput
        label={t('members.maxDiscount')}
        description={t('members.maxDiscountHint')}
        suffix=" %"
        min={0}
        max={100}
        decimalScale={2}
        allowNegative={false}
        value={value.maxDiscountPercent}
        onChange={(v) => onChange({ ...value, maxDiscountPercent: v })}
        error={errors.maxDiscount}
        maw={220}
      />
    </Stack>
  );
}

/** Percent as typed → basis points (10% → 1000), or NaN when it is not a number in 0–100. */
export function percentToBasisPoints(percent: number | string): number {
  const n = typeof percent === 'number' ? percent : Number(percent);
  if (!Number.isFinite(n) || n < 0 || n > 100) return Number.NaN;
  return Math.round(n * 100);
}
