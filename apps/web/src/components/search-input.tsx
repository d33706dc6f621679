import { TextInput } from '@mantine/core';
import { IconSearch } from './icons.tsx';

/**
 * The search box above a list. `fullRow` (a phone) gives it a line of its own, with the list's
 * other controls wrapping below; otherwise it takes the room they leave.
 */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  fullRow = false,
  minWidth,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  fullRow?: boolean;
  minWidth?: number;
}) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={18} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      style={{ flex: fullRow ? '1 1 100%' : 1, minWidth }}
    />
  );
}
