/**
 * An error whose status and message are meant for the client. Anything thrown that is not an
 * HttpError (or a recognised body-parser failure) is treated as unexpected and answered with the
 * service's generic 500 body.
 */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.status = status;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, options?: ErrorOptions) {
    super(400, message, options);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized', options?: ErrorOptions) {
    super(401, message, options);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden', options?: ErrorOptions) {
    super(403, message, options);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not Found', options?: ErrorOptions) {
    super(404, message, options);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, options?: ErrorOptions) {
    super(409, message, options);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message = 'request entity too large', options?: ErrorOptions) {
    super(413, message, options);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string, options?: ErrorOptions) {
    super(415, message, options);
  }
}

/** A 400 that carries every problem found, for services whose spec reports them as a list. */
export class ValidationError extends BadRequestError {
  readonly problems: readonly string[];

  constructor(problems: readonly string[], options?: ErrorOptions) {
    super(problems.join('; '), options);
    this.problems = problems;
  }
}
