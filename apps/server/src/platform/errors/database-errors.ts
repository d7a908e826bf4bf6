import { AppError } from './app-error';
import { NON_FIELD_ERRORS } from './error-codes';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const NOT_NULL_VIOLATION = '23502';

interface PostgresError {
  code: string;
  detail?: string;
  column?: string;
}

function isPostgresError(value: unknown): value is PostgresError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof value.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(value.code) &&
    'severity' in value
  );
}

/** Drizzle wraps driver errors (DrizzleQueryError), so look down the `cause` chain. */
function findPostgresError(error: unknown): PostgresError | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (isPostgresError(current)) return current;
  }
  return undefined;
}

/**
 * The column a constraint error is about, from PostgreSQL's detail line:
 * `Key (lower(username))=(bob) already exists.` gives `username`. Several columns give none.
 */
function columnOf(detail: string | undefined): string | undefined {
  const key = detail?.match(/^Key \((.+?)\)=/)?.[1];
  return key?.match(/^(?:\w*\()*"?(\w+)"?\)*(?:::[\w ]+)?\)*$/)?.[1];
}

/** The statement failed because it would have left `column` null. */
export function isNotNullViolation(error: unknown, column: string): boolean {
  const pgError = findPostgresError(error);
  return pgError?.code === NOT_NULL_VIOLATION && pgError.column === column;
}

/** Turns unique and foreign-key violations into the 400s a member can act on. */
export function fromDatabaseError(error: unknown): AppError | undefined {
  const pgError = findPostgresError(error);
  if (!pgError) return undefined;
  const column = columnOf(pgError.detail);

  if (pgError.code === UNIQUE_VIOLATION) {
    return column
      ? AppError.fields({ [column]: [`This ${column} is already taken.`] })
      : AppError.fields({ [NON_FIELD_ERRORS]: ['This object already exists.'] });
  }
  if (pgError.code === FOREIGN_KEY_VIOLATION) {
    // Inserting a dangling reference names the column; deleting a referenced row does not.
    return column && pgError.detail?.includes('is not present in table')
      ? AppError.fields({ [column]: ['This object does not exist.'] })
      : AppError.fields({
          [NON_FIELD_ERRORS]: ['This object is still in use and cannot be deleted.'],
        });
  }
  return undefined;
}
