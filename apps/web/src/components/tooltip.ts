// Mantine's Tooltip alone, for lazy-tooltip.tsx to load on demand (a dynamic import of
// '@mantine/core' itself would bring every component it exports).
export { Tooltip } from '@mantine/core';
