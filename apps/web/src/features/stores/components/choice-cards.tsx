import { useId } from 'react';
import { Paper, SimpleGrid, Text } from '@mantine/core';

export interface Choice {
  value: string;
  label: string;
  description?: string;
}

interface Props {
  label: string;
  description?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  choices: Choice[];
  /** Cards per row; one (stacked) by default. */
  cols?: { base: number; xs?: number };
}

/**
 * A radio group of whole cards: each card is the label of a native radio button, so the full card
 * is the touch target and arrow keys move between choices, as with any radio group. Native inputs
 * rather than Mantine's Radio: every Mantine component the app uses ships with the first screen
 * (build-tools/first-screen-chunks.ts), and this screen is not one of them.
 */
export function ChoiceCards({ label, description, error, value, onChange, choices, cols = { base: 1 } }: Props) {
  const name = useId();
  const describedBy = `${name}-description`;
  const errorId = `${name}-error`;
  return (
    <fieldset
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
      aria-describedby={[description && describedBy, error && errorId].filter(Boolean).join(' ') || undefined}
    >
      <Text component="legend" fw={600} fz="md" p={0}>
        {label}
      </Text>
      {description && (
        <Text id={describedBy} fz="sm" c="dimmed" mt={2}>
          {description}
        </Text>
      )}
      <SimpleGrid cols={cols} spacing="xs" mt="xs">
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <Paper
              key={choice.value}
              component="label"
              withBorder
              radius="md"
              p="sm"
              mih={44}
              bg={checked ? 'var(--mantine-primary-color-light)' : undefined}
              style={{
                display: 'flex',
                gap: 12,
                alignItems: 'flex-start',
                cursor: 'pointer',
                borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                style={{
                  width: 20,
                  height: 20,
                  margin: '1px 0 0',
                  flex: 'none',
                  accentColor: 'var(--mantine-primary-color-filled)',
                }}
              />
              <span>
                <Text component="span" display="block" fw={600} fz="sm" lh={1.45}>
                  {choice.label}
                </Text>
                {choice.description && (
                  <Text component="span" display="block" fz="sm" c="dimmed" lh={1.45}>
                    {choice.description}
                  </Text>
                )}
              </span>
            </Paper>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text id={errorId} c="red" fz="sm" mt={4}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
