/** The store's paired customer displays (issue 45): one list, shown by the tills page and the counter's dialog. */
export const displayKeys = {
  list: (urlName: string) => ['displays', urlName, 'list'] as const,
};

export const DISPLAY_PAIR_PATH = '/api/secure/display/pair';
