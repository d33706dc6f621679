/** Query keys of the tills feature: a store's tills, and the store itself (shared with the other settings pages). */
export const tillKeys = {
  list: (urlName: string) => ['tills', urlName, 'list'] as const,
  store: (urlName: string) => ['store', 'current', urlName] as const,
};

export const TILL_DEVICE_PATH = '/api/secure/till/device';
