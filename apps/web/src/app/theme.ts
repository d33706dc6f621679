import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/*
 * Colours are chosen for WCAG 2.2 AA (4.5:1 for text) in both schemes, checked by
 * e2e/specs/accessibility.spec.ts with axe. Mantine's stock palettes put white text on shades that
 * reach only 2–4:1 (its teal-7 is 3.1:1, teal-5 in dark mode 2.1:1), so the palettes the app uses
 * are darkened from shade 6 on; shades 0–5 (tints, and text on dark backgrounds) stay as they are.
 * Filled colours use shade 7 in both schemes and pick black or white text by luminance
 * (autoContrast), which gives at least 4.5:1 on any fill.
 */
const teal: MantineColorsTuple = [
  '#f0fdfa',
  '#ccfbf1',
  '#99f6e4',
  '#5eead4',
  '#2dd4bf',
  '#14b8a6',
  '#0d9488',
  // The brand colour, the manifest's theme_color: 5.5:1 with white.
  '#0f766e',
  '#115e59',
  '#134e4a',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#e03131',
  '#c92a2a',
  '#a51d1d',
  '#861818',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#e8590c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#f59f00',
  '#a16207',
  '#854d0e',
  '#713f12',
];
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#2f9e44',
  '#15803d',
  '#166534',
  '#14532d',
];
const blue: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#1c7ed6',
  '#1864ab',
  '#14548c',
  '#0f406b',
];
const cyan: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#1098ad',
  '#0b7285',
  '#095c6b',
  '#074653',
];

// System fonts only: nothing is fetched from a CDN and text renders at once on weak connections.
export const theme = createTheme({
  colors: { teal, red, orange, yellow, green, blue, cyan },
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 7 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Noto Sans JP", "Hiragino Sans", Meiryo, Arial, sans-serif',
  headings: { fontWeight: '750' },
  cursorType: 'pointer',
  components: {
    // Phones first: 42px+ controls (44px on phones, app.css) are comfortable touch targets.
    Button: { defaultProps: { size: 'md' } },
    // No asterisk in labels: accessible names stay exactly "Email", "Name"… for tests and screen
    // readers; optional fields say "Optional" instead.
    TextInput: { defaultProps: { size: 'md', withAsterisk: false } },
    PasswordInput: { defaultProps: { size: 'md', withAsterisk: false } },
    // Closed dropdowns are unmounted so only the input carries the field's label.
    Select: { defaultProps: { size: 'md', withAsterisk: false, autoSelectOnBlur: false } },
    Textarea: { defaultProps: { size: 'md', withAsterisk: false } },
    // Links inside a sentence must not rely on colour alone (WCAG 1.4.1): always underlined.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/**
 * Text colours that Mantine derives from its stock grays: dimmed text (gray-6, 3.3:1 on white;
 * dark-2, 4.0:1 on the dark body) and error text (red-6 / red-8) fall short of 4.5:1. These reach
 * it on the body and on cards (white / gray-0 in light, dark-7 / dark-6 in dark).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-7)',
    '--mantine-color-placeholder': '#6c737a',
  },
  dark: {
    '--mantine-color-dimmed': '#adadad',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': '#8f8f8f',
    // Light-variant teal (tonal buttons, the avatar, active navigator entries) as a tint of the
    // body rather than Mantine's near-black shade of teal-9: 8:1 and more with teal-1 text.
    '--mantine-color-teal-light': 'rgba(45, 212, 191, 0.16)',
    '--mantine-color-teal-light-hover': 'rgba(45, 212, 191, 0.22)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-1)',
  },
});
