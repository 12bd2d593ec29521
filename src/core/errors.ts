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

export const EXIT = { pass: 0, fail: 1, input: 2, fatal: 3 } as const;
