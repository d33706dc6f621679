import { useEffect, useRef, useState } from 'react';
import { ComboboxChevron, InputBase, type MantineSize, type MantineStyleProp } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { SUPPORTED_LOCALES, type SupportedLocale } from '@shopdesk/shared';
import { preloadable } from '../lib/preloadable.ts';
import { usePreloaded } from '../lib/use-preloaded.ts';

const loadSelect = preloadable(() => import('./language-select.tsx').then((m) => m.LanguageSelect));

interface Props {
  value: string;
  onChange: (value: SupportedLocale) => void;
  /** "Language" unless given (undefined: none, named by `aria-label` instead). */
  label?: string;
  'aria-label'?: string;
  error?: string;
  size?: MantineSize;
  w?: number | string;
  style?: MantineStyleProp;
}

/**
 * Language picker labelled "Language"; each language is named in itself. The login page shows it,
 * but Select (with Combobox, Popover and floating-ui) is no part of that first load: until first
 * pointed at, focused or clicked, the field is a read-only input drawn as Select draws it (the
 * language's name and the chevron), with the same role and label; then Select takes its place,
 * focused, and its list open if it was a click.
 */
export function LanguagePicker({ value, onChange, ...rest }: Props) {
  const { t } = useTranslation();
  const select = usePreloaded(loadSelect);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const [focusOnArrival, setFocusOnArrival] = useState(false);
  // A pointer's focus comes before its click: the click, not the focus, brings Select in then (a
  // field swapped between press and release would miss the click).
  const pressed = useRef(false);
  const selectRef = useRef<HTMLInputElement>(null);
  const props = { label: t('language.label'), size: 'md' as MantineSize, ...rest };
  const LanguageSelect = select.value;
  useEffect(() => {
    if (LanguageSelect && focusOnArrival) selectRef.current?.focus();
  }, [LanguageSelect, focusOnArrival]);
  if (LanguageSelect)
    return (
      <LanguageSelect
        ref={selectRef}
        value={value}
        onChange={onChange}
        {...props}
        defaultDropdownOpened={openOnArrival}
      />
    );
  const known = (SUPPORTED_LOCALES as readonly string[]).includes(value);
  return (
    <InputBase
      {...props}
      {...select.intent}
      onPointerDown={() => {
        pressed.current = true;
        select.intent.onPointerDown?.();
      }}
      onBlur={() => (pressed.current = false)}
      onFocus={() => {
        if (pressed.current) return;
        select.whenLoaded(() => setFocusOnArrival(true));
      }}
      onClick={() =>
        select.whenLoaded(() => {
          setFocusOnArrival(true);
          setOpenOnArrival(true);
        })
      }
      value={known ? t(`language.${value}`) : ''}
      readOnly
      pointer
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      rightSection={<ComboboxChevron size={props.size} error={props.error} />}
      rightSectionPointerEvents="none"
    />
  );
}
