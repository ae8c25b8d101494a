import { PASSWORD_ENV } from './options';

/**
 * The kiosk account's password: from {@link PASSWORD_ENV} (then removed from this process's
 * environment, so Chromium does not inherit it), else typed at a prompt without echo. Resolves
 * undefined when there is neither (no variable and no terminal).
 */
export async function readPassword(account: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const fromEnv = env[PASSWORD_ENV];
  delete env[PASSWORD_ENV];
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return undefined;
  return prompt(`Password for ${account}: `);
}

/** Reads one line from the terminal in raw mode, echoing nothing. */
function prompt(question: string): Promise<string | undefined> {
  const stdin = process.stdin;
  process.stdout.write(question);
  return new Promise((resolve) => {
    let typed = '';
    const finish = (value: string | undefined) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return finish(typed);
        if (ch === '\u0003' || ch === '\u0004') return finish(undefined); // Ctrl-C, Ctrl-D
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
