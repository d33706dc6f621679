// No zod here: the web app's first screens read these codes, and importing a module that builds
// schemas brings zod and the schemas with it (their construction cannot be tree-shaken).

/** Machine-readable error codes of the API (product.md §6). */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_CONFIRMED: 'EMAIL_NOT_CONFIRMED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  INVALID_CODE: 'INVALID_CODE',
  CODE_LOCKED: 'CODE_LOCKED',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  FREE_LIMIT_REACHED: 'FREE_LIMIT_REACHED',
  /** POST /support on a server without SUPPORT_EMAIL. */
  SUPPORT_NOT_CONFIGURED: 'SUPPORT_NOT_CONFIGURED',
  /** No payment provider is configured on this server (subscription create, cancel, resume). */
  BILLING_NOT_CONFIGURED: 'BILLING_NOT_CONFIGURED',
  /** A webhook whose signature does not verify. */
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  /** The payment provider failed or could not be reached (502): nothing was charged, try again. */
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
  /** The tenders do not cover what the sale costs. */
  PAYMENT_SHORT: 'PAYMENT_SHORT',
  /** A second-currency tender with no exchange rate for the store. */
  RATE_MISSING: 'RATE_MISSING',
  /** A sale's soldAt lies too far ahead of the server's clock or is older than a device queue keeps sales. */
  SOLD_AT_OUT_OF_RANGE: 'SOLD_AT_OUT_OF_RANGE',
  /** The rate a device converted a second-currency tender with is too far from the store's rate. */
  RATE_IMPLAUSIBLE: 'RATE_IMPLAUSIBLE',
  /** An online sale redeems more points than its customer has now (409); an offline one is kept. */
  INSUFFICIENT_POINTS: 'INSUFFICIENT_POINTS',
  /** A gift card or store credit holds less than the tender takes (409: checked again in the sale's write). */
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  /** A gift card or store credit that is blocked or past its expiry date (409). */
  CARD_UNAVAILABLE: 'CARD_UNAVAILABLE',
  /** A clientId already used for a sale (or a completion) with a different content. */
  CLIENT_ID_REUSED: 'CLIENT_ID_REUSED',
  /** A held cart completed meanwhile by another request (another device). */
  ALREADY_COMPLETED: 'ALREADY_COMPLETED',
  /** A store member lacks the permission a call needs (403; the message names it). */
  FORBIDDEN: 'FORBIDDEN',
  /** A till token of a till the owner turned off (401): the device is no longer a till. */
  TILL_REVOKED: 'TILL_REVOKED',
  /** A till request that needs a member unlocked on it, without a valid member token (401). */
  TILL_LOCKED: 'TILL_LOCKED',
  /** A route a till token may not reach (403): billing, members, settings, others' reports. */
  NOT_ON_TILL: 'NOT_ON_TILL',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  URL_NAME_TAKEN: 'URL_NAME_TAKEN',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  BAD_REQUEST: 'BAD_REQUEST',
  RATE_LIMITED: 'RATE_LIMITED',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  URI_TOO_LONG: 'URI_TOO_LONG',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
