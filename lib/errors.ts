/** Domain errors thrown by services; one error handler maps them to HTTP answers. */

export type FieldIssue = { field: string; message: string };

export abstract class DomainError extends Error {
  abstract readonly status: number;
}

export class InvalidError extends DomainError {
  readonly status = 400;
  constructor(
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'InvalidError';
  }

  /** An error about one field, with the field named in the message. */
  static field(field: string, message: string): InvalidError {
    return new InvalidError(`${field}: ${message}`, [{ field, message }]);
  }
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends DomainError {
  readonly status = 409;
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

export class UnauthorizedError extends DomainError {
  readonly status = 401;
  constructor(message: string) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}
