import { ErrorCode, httpStatusOf, messages } from '@ondoku/contract';

/** A failure with a stable code and a Japanese message; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.status = httpStatusOf(code);
  }

  static unauthorized = () => new AppError(ErrorCode.UNAUTHORIZED, messages.unauthorized);
  static forbidden = () => new AppError(ErrorCode.FORBIDDEN, messages.forbidden);
  static notFound = () => new AppError(ErrorCode.NOT_FOUND, messages.notFound);
  static badRequest = (message: string = messages.badRequest) => new AppError(ErrorCode.BAD_REQUEST, message);
}
