// The two failures that stop a command before any verdict: bad input (exit 2) and "could not run
// at all" (exit 3). Everything else is a verdict (exit 0/1). The CLI maps these in one place.

/** Invalid spec, config or usage. Each message is one line, "file:line:col message" where known. */
export class InputError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'InputError';
  }
}

/** veval could not run at all: no browser, the app server did not start, artifacts unusable. */
export class FatalError extends Error {
  constructor(message: string, public readonly hint?: string) {
    super(message);
    this.name = 'FatalError';
  }
}

/** A file veval had to write was not written; the message names the file and the operation.
 *  Exit 3 (nothing was gated, or the run's record is incomplete), or 1 when the gate had failed
 *  anyway (that verdict stands). Never a pass. */
export class WriteError extends FatalError {
  readonly code: string | undefined;
  constructor(message: string, public readonly gateFailed = false, cause?: unknown) {
    super(message);
    this.name = 'WriteError';
    this.code = (cause as NodeJS.ErrnoException | undefined)?.code;
    if (cause) this.cause = cause;
  }
}

/** An error's message with the operation and path Node attached to it when the message lacks them
 *  ("EISDIR: illegal operation on a directory, read" → "… (read /x/index.html)"). */
export function describeError(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  const message = e?.message ?? String(err);
  const where = [e?.syscall, e?.path, (e as { dest?: string } | undefined)?.dest].filter((x): x is string => typeof x === 'string' && x !== '');
  const missing = where.filter((w) => !message.includes(w));
  return missing.length ? `${message} (${where.join(' ')})` : message;
}

export const EXIT = { pass: 0, fail: 1, input: 2, fatal: 3 } as const;
