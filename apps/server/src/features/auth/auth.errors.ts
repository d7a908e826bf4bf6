import { AppError } from '../../platform/errors';

/**
 * A 400 answered as `{"detail": "…"}` rather than field errors: for what is no field of the
 * request (a mailed link's token in the path, a provider this server does not offer).
 */
export class DetailError extends AppError {
  constructor(message: string) {
    super('validation', message);
  }
  override toBody() {
    return { detail: this.message };
  }
}
