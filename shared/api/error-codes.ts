/**
 * Every code an API error can carry, with its HTTP status: set here and nowhere else. The code travels beside the
 * message in every JSON error body (`{ message, code }`) and is stable: clients branch on the code, never on the text.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  INVALID_JSON: 400,
  INVALID_VALUE: 400,
  INVALID_TOKEN: 400,
  INVALID_CODE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DISABLED: 403,
  TWO_FACTOR_REQUIRED: 403,
  REAUTH_REQUIRED: 403,
  CONFIDENTIALITY_REQUIRED: 403,
  /** The company turned off the page text of this document. */
  PAGE_TEXT_OFF: 403,
  NOT_FOUND: 404,
  /** The address does not take this method; `Allow` lists those it takes. */
  METHOD_NOT_ALLOWED: 405,
  GONE: 410,
  CONFLICT: 409,
  HOMEPAGE_LIMIT: 409,
  PUBLICATION_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  STORAGE_FAILED: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  /** This kind of work has as much waiting as the server queues; Retry-After says when to try again. */
  BUSY: 503,
  INSUFFICIENT_STORAGE: 507,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
