/**
 * Props for a Mantine Button whose label wraps onto a second line instead of being cut off: a
 * Mantine button keeps its label on one line at a fixed height, so a long label (or its Japanese)
 * loses its end on a phone.
 */
export const wrappingButton = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center' } },
} as const;
