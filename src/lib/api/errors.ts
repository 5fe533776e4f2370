/**
 * The shop's error texts: every failed call becomes an ApiError whose message is
 * the text the shopper sees.
 */
export const AN_ERROR_OCCURRED = 'An error occurred';
export const NO_RESPONSE = 'No response received from the server';

export class ApiError extends Error {
  /** HTTP status when the server answered, undefined when no answer came. */
  readonly status: number | undefined;
  /** A message per field of a refused form (the admin's 400s), by the field's name. */
  readonly fields: Readonly<Record<string, string>>;
  /** On 412: the record as someone else left it. */
  readonly current: unknown;
  /** The whole error answer (a refused spreadsheet's rows). */
  readonly answer: unknown;

  constructor(
    message: string,
    status?: number,
    details: { fields?: Record<string, string>; current?: unknown; answer?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = details.fields ?? {};
    this.current = details.current;
    this.answer = details.answer;
  }
}

/** An error answer's body, as every server path writes it and errorFromResponseBody reads it. */
export function errorBody(message: string): string {
  return JSON.stringify({ message });
}

/** The server answered with an error: its `message` field (else `fallback`), with its fields and current record. */
export function errorFromResponseBody(body: unknown, status: number, fallback = AN_ERROR_OCCURRED): ApiError {
  const record = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    fields?: unknown;
    current?: unknown;
  };
  const message = typeof record.message === 'string' && record.message ? record.message : fallback;
  const fields =
    record.fields && typeof record.fields === 'object' ? (record.fields as Record<string, string>) : undefined;
  return new ApiError(message, status, { ...(fields ? { fields } : {}), current: record.current, answer: body });
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
