import fs from 'node:fs';

export type LogLevel = 'INFO' | 'WARN' | 'ERROR';
export type LogDetails = Record<string, string | number | boolean | undefined>;

/** One line per event: `<ISO time> <LEVEL> <event> key=value ...`. */
export interface KioskLog {
  info(event: string, details?: LogDetails): void;
  warn(event: string, details?: LogDetails): void;
  error(event: string, details?: LogDetails): void;
  /** A value that must never appear in a line (a password, a token): masked wherever it shows. */
  secret(value: string): void;
}

/** Query parameters whose values are secrets even when nobody registered them. */
const SECRET_PARAMS = /([?&](?:token|password|pwd)=)[^&\s"]*/gi;

function formatValue(value: string | number | boolean): string {
  const text = String(value);
  return /^[\w.:/@%+,-]*$/.test(text) && text !== '' ? text : JSON.stringify(text);
}

/** Formats one log line; exported for the tests. */
export function formatLine(time: Date, level: LogLevel, event: string, details: LogDetails = {}): string {
  const parts = [time.toISOString(), level.padEnd(5), event];
  for (const [key, value] of Object.entries(details)) {
    if (value !== undefined) parts.push(`${key}=${formatValue(value)}`);
  }
  return parts.join(' ');
}

/**
 * A log writing to stdout (or `write`) and, when `file` is set, appending to that file too.
 * Appends are synchronous on purpose: the line before a crash is the one that matters.
 */
export function createLog(options: { file?: string; write?: (line: string) => void; now?: () => Date } = {}): KioskLog {
  const secrets = new Set<string>();
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const now = options.now ?? (() => new Date());
  let fileBroken = false;
  const emit = (level: LogLevel, event: string, details?: LogDetails) => {
    let line = formatLine(now(), level, event, details).replace(SECRET_PARAMS, '$1***');
    for (const secret of secrets) line = line.split(secret).join('***');
    write(line);
    if (options.file && !fileBroken) {
      try {
        fs.appendFileSync(options.file, `${line}\n`, { mode: 0o640 });
      } catch (err) {
        // Losing the file must not stop the wall; say it once on stdout.
        fileBroken = true;
        write(formatLine(now(), 'ERROR', 'log.file-failed', { file: options.file, error: (err as Error).message }));
      }
    }
  };
  return {
    info: (event, details) => emit('INFO', event, details),
    warn: (event, details) => emit('WARN', event, details),
    error: (event, details) => emit('ERROR', event, details),
    secret: (value) => {
      if (value.length >= 4) secrets.add(value);
    },
  };
}
