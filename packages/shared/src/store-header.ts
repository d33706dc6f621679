// No zod here: every call of the web app sends it (see error-codes.ts).

/** The request header naming the store (its urlName) a `/api/secure` call acts on (product.md §2). */
export const STORE_HEADER = 'X-Store';
