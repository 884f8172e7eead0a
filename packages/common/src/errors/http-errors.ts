/** An error whose status and message are meant for the client (anything else is a 500). */
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

export class NotFoundError extends HttpError {
  constructor(message = 'Not Found', options?: ErrorOptions) {
    super(404, message, options);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message = 'request entity too large', options?: ErrorOptions) {
    super(413, message, options);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Content-Type must be application/json', options?: ErrorOptions) {
    super(415, message, options);
  }
}
