import { useState } from 'react';
import { ActionIcon, Box, Button, Group, Menu, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { ITEM_MAX_OPTIONS } from '@shopdesk/shared';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { IconChevronDown, IconEdit, IconPlus, IconTrash, IconX } from '../../../components/icons.tsx';
import {
  addOption,
  addValues,
  moveOption,
  moveValue,
  removeOption,
  removeValue,
  renameOption,
  renameValue,
  valueInUse,
  type DraftOption,
  type ItemDraft,
} from '../items/draft.ts';
import { placeKey, type PlacedErrors } from '../items/item-body.ts';

interface Props {
  draft: ItemDraft;
  onChange: (draft: ItemDraft) => void;
  errors: PlacedErrors;
}

/** A value as a chip: dragged to reorder on a desktop; its menu renames, moves or removes it. */
function ValueChip({
  draft,
  option,
  index,
  error,
  onChange,
}: {
  draft: ItemDraft;
  option: DraftOption;
  index: number;
  error?: string;
  onChange: (draft: ItemDraft) => void;
}) {
  const { t } = useTranslation();
  const value = option.values[index]!;
  const [renaming, setRenaming] = useState(false);
  const [text, setText] = useState(value.text);
  const inUse = valueInUse(draft, value.key);
  const finish = () => {
    setRenaming(false);
    if (text.trim()) onChange(renameValue(draft, option.key, value.key, text.trim()));
    else setText(value.text);
  };
  if (renaming)
    return (
      <TextInput
        size="sm"
        w={140}
        autoFocus
        aria-label={t('items.options.renameValueOf', { value: value.text })}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={finish}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish();
          }
          if (e.key === 'Escape') {
            setText(value.text);
            setRenaming(false);
          }
        }}
      />
    );
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton
          draggable
          onDragStart={(e) => e.dataTransfer.setData('text/x-value', `${option.key}:${index}`)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            const [from, at] = e.dataTransfer.getData('text/x-value').split(':');
            if (from === option.key) onChange(moveValue(draft, option.key, Number(at), index));
          }}
          aria-label={t('items.options.valueMenu', { value: value.text })}
          px="sm"
          py={6}
          style={{
            borderRadius: 999,
            border: `1px solid var(--mantine-color-${error ? 'red-6' : 'default-border'})`,
            background: 'var(--mantine-color-default)',
            cursor: 'grab',
          }}
        >
          <Group gap={4} wrap="nowrap">
            <Text fz="sm" fw={600} c={error ? 'red' : undefined}>
              {value.text}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setRenaming(true)}>
          {t('items.options.rename')}
        </Menu.Item>
        <Menu.Item disabled={index === 0} onClick={() => onChange(moveValue(draft, option.key, index, index - 1))}>
          {t('items.options.moveEarlier')}
        </Menu.Item>
        <Menu.Item
          disabled={index === option.values.length - 1}
          onClick={() => onChange(moveValue(draft, option.key, index, index + 1))}
        >
          {t('items.options.moveLater')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={inUse}
          onClick={() => onChange(removeValue(draft, option.key, value.key))}
        >
          {inUse ? t('items.options.inUse') : t('items.options.removeValue')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function OptionCard({ draft, option, index, onChange, errors }: Props & { option: DraftOption; index: number }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState('');
  const add = () => {
    // "S, M, L" typed or pasted at once makes three values.
    const texts = adding.split(/[,、，\n]/);
    if (texts.every((x) => !x.trim())) return;
    onChange(addValues(draft, option.key, texts));
    setAdding('');
  };
  const valueErrors = option.values
    .map((v) => errors[placeKey({ kind: 'option', option: option.key, valueKey: v.key })])
    .filter(Boolean);
  const optionError = errors[placeKey({ kind: 'option', option: option.key })];
  const n = index + 1;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('items.options.optionN', { n })}>
      <Stack gap="sm">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1, minWidth: 0 }}
            label={t('items.options.name', { n })}
            placeholder={index === 0 ? t('items.options.sizeExample') : t('items.options.colourExample')}
            value={option.name}
            onChange={(e) => onChange(renameOption(draft, option.key, e.currentTarget.value))}
            error={optionError}
            maxLength={40}
          />
          <ActionIcon
            variant="default"
            size={36}
            disabled={index === 0}
            onClick={() => onChange(moveOption(draft, index, index - 1))}
            aria-label={t('items.options.moveUp', { n })}
          >
            <Text fz="md" lh={1}>
              ↑
            </Text>
          </ActionIcon>
          <ActionIcon
            variant="default"
            size={36}
            disabled={index === draft.options.length - 1}
            onClick={() => onChange(moveOption(draft, index, index + 1))}
            aria-label={t('items.options.moveDown', { n })}
          >
            <Text fz="md" lh={1}>
              ↓
            </Text>
          </ActionIcon>
          {!option.saved && (
            <ActionIcon
              variant="subtle"
              color="red"
              size={36}
              onClick={() => onChange(removeOption(draft, option.key))}
              aria-label={t('items.options.remove', { n })}
            >
              <IconX size={18} />
            </ActionIcon>
          )}
        </Group>
        <Box>
          <Text fz="sm" fw={500} mb={6}>
            {t('items.options.values')}
          </Text>
          <Group gap={6} role="list" aria-label={t('items.options.valuesOf', { name: option.name || n })}>
            {option.values.map((v, i) => (
              <div role="listitem" key={v.key}>
                <ValueChip
                  draft={draft}
                  option={option}
                  index={i}
                  onChange={onChange}
                  error={errors[placeKey({ kind: 'option', option: option.key, valueKey: v.key })]}
                />
              </div>
            ))}
            {option.values.length === 0 && (
              <Text fz="sm" c="dimmed">
                {t('items.options.noValues')}
              </Text>
            )}
          </Group>
          {valueErrors.map((message) => (
            <Text key={message} c="red" fz="sm" mt={4}>
              {message}
            </Text>
          ))}
        </Box>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1, minWidth: 0 }}
            label={t('items.options.addValue')}
            description={t('items.options.addValueHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={adding}
            onChange={(e) => setAdding(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            onBlur={add}
          />
          <Button variant="light" onClick={add} mb={22} aria-label={t('items.options.addValueTo', { n })}>
            {t('items.options.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Up to three options (Size, Colour…) with their values, renamed and ordered by the owner. */
export function OptionEditor({ draft, onChange, errors }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {draft.options.map((o, i) => (
        <OptionCard key={o.key} draft={draft} option={o} index={i} onChange={onChange} errors={errors} />
      ))}
      {draft.options.length < ITEM_MAX_OPTIONS ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={18} />}
          onClick={() => onChange(addOption(draft, ''))}
          style={{ alignSelf: 'flex-start' }}
        >
          {draft.options.length === 0 ? t('items.options.addFirst') : t('items.options.addAnother')}
        </Button>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('items.options.max', { max: ITEM_MAX_OPTIONS })}
        </Text>
      )}
      {errors[placeKey({ kind: 'item', field: 'options' })] && (
        <Text c="red" fz="sm">
          {errors[placeKey({ kind: 'item', field: 'options' })]}
        </Text>
      )}
    </Stack>
  );
}
