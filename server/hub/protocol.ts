/**
 * The SignalR JSON hub protocol (dotnet/aspnetcore src/SignalR/docs/specs/HubProtocol.md):
 * records are JSON objects each terminated by the record separator 0x1E. This module reads and
 * writes them; it knows nothing of transports or connections.
 */

export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** Longest invocation id or target name we accept (the spec lets a callee set such limits). */
const MAX_NAME_LENGTH = 128;

export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/**
 * Splits incoming text into complete records. A transport message may hold several records or
 * end in the middle of one; the remainder waits for the next message, up to `maxBytes`.
 */
export class RecordReader {
  private pending = '';
  constructor(private readonly maxBytes: number) {}

  /** The complete records in `pending + text`; throws {@link ProtocolError} past the size bound. */
  push(text: string): string[] {
    const all = this.pending + text;
    const parts = all.split(RECORD_SEPARATOR);
    this.pending = parts.pop() ?? '';
    if (Buffer.byteLength(this.pending) > this.maxBytes) throw new ProtocolError(`Message exceeds the limit of ${this.maxBytes} bytes.`);
    for (const p of parts) {
      // Byte length only matters near the limit; string length is a cheap lower bound.
      if (p.length * 3 > this.maxBytes && Buffer.byteLength(p) > this.maxBytes) {
        throw new ProtocolError(`Message exceeds the limit of ${this.maxBytes} bytes.`);
      }
    }
    return parts;
  }
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

/** The first record of a connection: `{"protocol":"json","version":1}`. */
export function parseHandshake(record: string): HandshakeRequest {
  const value = parseObject(record);
  if (typeof value.protocol !== 'string' || typeof value.version !== 'number') {
    throw new ProtocolError('Handshake request must name a protocol and a version.');
  }
  return { protocol: value.protocol, version: value.version };
}

export type ClientMessage =
  | { type: 1; target: string; arguments: unknown[]; invocationId?: string; streamIds?: unknown[] }
  | { type: 4; target: string; arguments: unknown[]; invocationId: string }
  | { type: 5; invocationId: string }
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect?: boolean };

/**
 * Reads one record from a client. Anything a client has no business sending us (stream items,
 * completions: we never invoke client methods that return; acks and sequences: stateful reconnect
 * is not negotiated) is a protocol error, as are missing or mistyped fields.
 */
export function parseMessage(record: string): ClientMessage {
  const m = parseObject(record);
  switch (m.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const target = name(m.target, 'target');
      if (!Array.isArray(m.arguments)) throw new ProtocolError('Invocation arguments must be an array.');
      if (m.type === MessageType.StreamInvocation) {
        return { type: 4, target, arguments: m.arguments, invocationId: name(m.invocationId, 'invocationId') };
      }
      const invocationId = m.invocationId === undefined || m.invocationId === null ? undefined : name(m.invocationId, 'invocationId');
      if (m.streamIds !== undefined && !Array.isArray(m.streamIds)) throw new ProtocolError('streamIds must be an array.');
      return { type: 1, target, arguments: m.arguments, invocationId, streamIds: m.streamIds as unknown[] | undefined };
    }
    case MessageType.CancelInvocation:
      return { type: 5, invocationId: name(m.invocationId, 'invocationId') };
    case MessageType.Ping:
      return { type: 6 };
    case MessageType.Close:
      return {
        type: 7,
        error: typeof m.error === 'string' ? m.error : undefined,
        allowReconnect: m.allowReconnect === true,
      };
    default:
      throw new ProtocolError(`Unexpected message type: ${JSON.stringify(m.type)}.`);
  }
}

function parseObject(record: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError('Message is not valid JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ProtocolError('Message must be a JSON object.');
  return value as Record<string, unknown>;
}

function name(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NAME_LENGTH) {
    throw new ProtocolError(`${field} must be a string of 1 to ${MAX_NAME_LENGTH} characters.`);
  }
  return value;
}

const frame = (message: object) => JSON.stringify(message) + RECORD_SEPARATOR;

/** A frame sent to many clients: its text, and its UTF-8 bytes, encoded once on first use. */
export class SharedFrame {
  private bytes: Buffer | undefined;
  constructor(readonly text: string) {}
  get utf8(): Buffer {
    return (this.bytes ??= Buffer.from(this.text, 'utf8'));
  }
}

/** What a transport sends: a frame of one client, or one shared by a broadcast. */
export type OutgoingFrame = string | SharedFrame;

/** `{}` acknowledges a handshake; `{"error": …}` refuses it. */
export function handshakeResponse(error?: string): string {
  return frame(error ? { error } : {});
}

export const PING_FRAME = frame({ type: MessageType.Ping });

export function invocationFrame(target: string, args: unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

export function completionFrame(invocationId: string, outcome: { result?: unknown; error?: string }): string {
  if (outcome.error !== undefined) return frame({ type: MessageType.Completion, invocationId, error: outcome.error });
  return outcome.result === undefined
    ? frame({ type: MessageType.Completion, invocationId })
    : frame({ type: MessageType.Completion, invocationId, result: outcome.result });
}

export function closeFrame(error?: string, allowReconnect?: boolean): string {
  return frame({
    type: MessageType.Close,
    ...(error !== undefined && { error }),
    ...(allowReconnect && { allowReconnect: true }),
  });
}
