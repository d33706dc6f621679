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
    // No asterisk in labels: accessible names stay exactly "Email", "Name"… for tests and screen
    // readers; optional fields say "Optional" instead.
    TextInput: { defaultProps: { size: 'md', withAsterisk: false } },
    PasswordInput: { defaultProps: { size: 'md', withAsterisk: false } },
    // Closed dropdowns are unmounted so only the input carries the field's label.
    Select: { defaultProps: { size: 'md', withAsterisk: false, autoSelectOnBlur: false } },
    Textarea: { defaultProps: { size: 'md', withAsterisk: false } },
  },
});
