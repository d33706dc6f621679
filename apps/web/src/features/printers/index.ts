/** The printers feature's surface: the printer settings page (loaded on demand). */
export const printersPages = {
  printers: () => import('./pages/printers-page.tsx'),
};
