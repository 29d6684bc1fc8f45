/** Spec 000 §5: an answer that is not JSON. */
export const BAD_CONTENT_TYPE = 'Error with response - bad content-type!';
/** Spec 000 §5: a JSON answer without the envelope body. */
export const WRONG_RESPONSE_FORMAT = 'Unhandled error, wrong response format!';

/** The server answered, but not with the `{code, result}` envelope. */
export class ResponseFormatError extends Error {
  override name = 'ResponseFormatError';
  constructor(
    message: typeof BAD_CONTENT_TYPE | typeof WRONG_RESPONSE_FORMAT,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The server could not be reached (offline, refused, DNS) or did not answer within the timeout. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    message: string,
    /** 'ETIMEDOUT' for the client timeout, 'OFFLINE' when the device is offline, else 'ENETWORK'. */
    readonly code: 'ETIMEDOUT' | 'OFFLINE' | 'ENETWORK',
  ) {
    super(message);
  }
}

/** A non-2xx envelope turned into an error by callers that need success (e.g. catalogue reads). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly code: number,
    readonly result?: unknown,
  ) {
    super(message);
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
