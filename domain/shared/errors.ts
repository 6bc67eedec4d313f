/** Typed domain errors: a code, an HTTP-ish status and a user-facing message from the spec. */
export type DomainErrorCode =
  | "bad_input"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "rate_limited"
  | "bad_gateway"
  | "unavailable";

const STATUS: Record<DomainErrorCode, number> = {
  bad_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  bad_gateway: 502,
  unavailable: 503,
};

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = "DomainError";
    this.code = code;
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const badInput = (message: string) => new DomainError("bad_input", message);
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const forbidden = (message = "Forbidden") => new DomainError("forbidden", message);
