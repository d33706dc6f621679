import { createTheme } from '@mantine/core';

// System fonts only: nothing is fetched from a CDN and text renders at once on weak connections.
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Noto Sans JP", "Hiragino Sans", Meiryo, Arial, sans-serif',
  headings: { fontWeight: '750' },
  cursorType: 'pointer',
  components: {
    // Phones first: 42px+ controls are comfortable touch targets.
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
  },
});
