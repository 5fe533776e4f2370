/**
 * The shop's error texts: every failed call becomes an ApiError whose message is
 * the text the shopper sees.
 */
export const AN_ERROR_OCCURRED = 'An error occurred';
export const NO_RESPONSE = 'No response received from the server';

export class ApiError extends Error {
  /** HTTP status when the server answered, undefined when no answer came. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** An error answer's body, as every server path writes it and errorFromResponseBody reads it. */
export function errorBody(message: string): string {
  return JSON.stringify({ message });
}

/** The server answered with an error: its `message` field, else 'An error occurred'. */
export function errorFromResponseBody(body: unknown, status: number): ApiError {
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message
      ? body.message
      : AN_ERROR_OCCURRED;
  return new ApiError(message, status);
}

/** No answer arrived (network down, server gone, CORS refused). */
export function noResponseError(): ApiError {
  return new ApiError(NO_RESPONSE);
}

/** Anything else: the error's own message, else 'An error occurred'. */
export function otherError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error && error.message ? error.message : AN_ERROR_OCCURRED;
  return new ApiError(message);
}

/** An aborted call (a newer search replaced it) is not an error to show. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
