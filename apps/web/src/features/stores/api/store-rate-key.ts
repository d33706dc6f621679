/** The store rate query's key, apart from its fetcher so the shell's first chunk does not carry the schema. */
export const storeRateKey = (urlName: string) => ['store', 'rate', urlName.toLowerCase()] as const;
