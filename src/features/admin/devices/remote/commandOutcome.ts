import { commandResultText, CommandCode, FINAL_COMMAND_STATES, type CommandState } from '../../../../../contract/gateway-commands';

/** How often a command is read while it waits for its outcome. */
export const COMMAND_POLL_MS = 1_000;
/** How long past its deadline the console keeps reading before it says 命令超时 itself. */
export const COMMAND_GRACE_MS = 10_000;

/** What the console knows of a command it sent. */
export interface CommandOutcome {
  id: number;
  state: CommandState;
  code: number | null;
}

export const isFinal = (state: CommandState) => FINAL_COMMAND_STATES.includes(state);

/** The outcome's tone and text: 执行中 while waiting, 成功, or the result code's text (SPEC §8) with 命令超时 for an expired one. */
export function outcomeView(o: CommandOutcome, lang: 'zh' | 'en', texts: { pending: string; succeeded: string }): { tone: 'processing' | 'success' | 'error'; text: string } {
  if (!isFinal(o.state)) return { tone: 'processing', text: texts.pending };
  if (o.state === 'succeeded') return { tone: 'success', text: texts.succeeded };
  return { tone: 'error', text: commandResultText(o.code ?? CommandCode.Timeout, lang) };
}

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve, reject) => {
  if (signal.aborted) {
    reject(signal.reason);
    return;
  }
  const abort = () => {
    clearTimeout(timer);
    reject(signal.reason);
  };
  const timer = setTimeout(() => {
    signal.removeEventListener('abort', abort);
    resolve();
  }, ms);
  signal.addEventListener('abort', abort, { once: true });
});

/**
 * Reads a command until its outcome is final (reporting each reading to `onUpdate`), or until
 * COMMAND_GRACE_MS past its deadline — then it counts as 命令超时 (the server expires it too).
 * Stops quietly when `signal` aborts (the page went away).
 */
export async function followCommand(
  first: CommandOutcome & { deadline: number },
  read: (id: number, signal: AbortSignal) => Promise<CommandOutcome>,
  onUpdate: (o: CommandOutcome) => void,
  signal: AbortSignal,
  now: () => number = Date.now,
): Promise<CommandOutcome> {
  let current: CommandOutcome = first;
  onUpdate(current);
  while (!isFinal(current.state)) {
    if (now() > first.deadline + COMMAND_GRACE_MS) {
      current = { id: first.id, state: 'expired', code: CommandCode.Timeout };
      onUpdate(current);
      break;
    }
    await sleep(COMMAND_POLL_MS, signal);
    try {
      const r = await read(first.id, signal);
      current = { id: r.id, state: r.state, code: r.code };
      onUpdate(current);
    } catch (err) {
      if (signal.aborted) throw err;
      // A lost reading: try again at the next turn, until the deadline says otherwise.
    }
  }
  return current;
}
