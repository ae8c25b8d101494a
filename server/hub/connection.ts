import type { AuthUser } from '../auth/auth-user';
import {
  closeFrame, completionFrame, handshakeResponse, MessageType, parseHandshake, parseMessage, ProtocolError, RecordReader,
  type ClientMessage, type OutgoingFrame,
} from './protocol';

/** One way of carrying frames to and from a client: a WebSocket, or long polling plus HTTP POST. */
export interface HubTransport {
  readonly name: 'WebSockets' | 'LongPolling';
  /** Queues a frame for the client; false when the client cannot keep up. */
  send(frame: OutgoingFrame): boolean;
  /** Ends the transport after delivering what was queued. */
  close(): void;
  /** Epoch ms of the last sign of life other than a message (a poll waiting counts as now). */
  lastActivity(now: number): number;
}

/** A hub method failure whose message the caller may read (anything else is reported vaguely). */
export class HubMethodError extends Error {}

/** What a connection needs from the hub that owns it. */
export interface ConnectionHost {
  invoke(connection: HubConnection, target: string, args: unknown[]): Promise<unknown>;
  closed(connection: HubConnection): void;
  readonly maxMessageBytes: number;
  readonly maxPendingInvocations: number;
}

export interface CloseOptions {
  error?: string;
  allowReconnect?: boolean;
}

/**
 * One client connection: the handshake, then invocations, pings and close, for a signed-in user.
 * A protocol error closes this connection with an error and touches nothing else.
 */
export class HubConnection {
  state: 'handshake' | 'open' | 'closed' = 'handshake';
  /** Topics this connection receives, the implicit `user:<id>` included. */
  readonly topics = new Set<string>();
  readonly openedAt: number;
  lastReceivedAt: number;
  lastSentAt: number;
  private readonly reader: RecordReader;
  private inFlight = 0;

  constructor(
    readonly id: string,
    readonly user: AuthUser,
    readonly transport: HubTransport,
    private readonly host: ConnectionHost,
    now = Date.now(),
  ) {
    this.openedAt = now;
    this.lastReceivedAt = now;
    this.lastSentAt = now;
    this.reader = new RecordReader(host.maxMessageBytes);
  }

  /** Text from the client: zero or more records, possibly the start of the next one. */
  receive(text: string): void {
    if (this.state === 'closed') return;
    this.lastReceivedAt = Date.now();
    let records: string[];
    try {
      records = this.reader.push(text);
    } catch (err) {
      this.fail(err);
      return;
    }
    for (const record of records) {
      // A record may have closed the connection; the rest of the batch is dropped.
      if ((this.state as HubConnection['state']) === 'closed') return;
      if (this.state === 'handshake') this.handshake(record);
      else this.dispatch(record);
    }
  }

  /** Sends a frame; a client too slow to take it is disconnected. */
  send(frame: OutgoingFrame): boolean {
    if (this.state !== 'open') return false;
    this.lastSentAt = Date.now();
    if (this.transport.send(frame)) return true;
    this.close({ error: 'The client is not reading its messages.', allowReconnect: true }, false);
    return false;
  }

  /** Closes with a Close message (when the handshake is done), then ends the transport. */
  close(options: CloseOptions = {}, sendCloseMessage = true): void {
    if (this.state === 'closed') return;
    if (sendCloseMessage && this.state === 'open') this.transport.send(closeFrame(options.error, options.allowReconnect));
    this.state = 'closed';
    this.transport.close();
    this.host.closed(this);
  }

  /** The transport ended from the client's side. */
  transportClosed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.host.closed(this);
  }

  private handshake(record: string): void {
    let error: string | undefined;
    try {
      const request = parseHandshake(record);
      if (request.protocol !== 'json') error = `Requested protocol '${request.protocol}' is not available.`;
      else if (request.version !== 1) error = `The server does not support version ${request.version} of the 'json' protocol.`;
    } catch (err) {
      error = err instanceof ProtocolError ? err.message : 'Invalid handshake request.';
    }
    if (error) {
      this.refuseHandshake(error);
      return;
    }
    this.state = 'open';
    this.send(handshakeResponse());
  }

  private dispatch(record: string): void {
    let message: ClientMessage;
    try {
      message = parseMessage(record);
    } catch (err) {
      this.fail(err);
      return;
    }
    switch (message.type) {
      case MessageType.Invocation:
        if (message.streamIds?.length) {
          this.complete(message.invocationId, { error: 'Client-to-server streaming is not supported.' });
        } else {
          this.invoke(message.target, message.arguments, message.invocationId);
        }
        return;
      case MessageType.StreamInvocation:
        this.complete(message.invocationId, { error: 'Streaming invocations are not supported.' });
        return;
      case MessageType.Close:
        this.close({}, false);
        return;
      default:
        // Ping: receiving it was the point. CancelInvocation: our methods finish quickly; the
        // completion still follows, as the spec requires.
        return;
    }
  }

  private invoke(target: string, args: unknown[], invocationId: string | undefined): void {
    if (this.inFlight >= this.host.maxPendingInvocations) {
      this.close({ error: 'Too many invocations in flight.' });
      return;
    }
    this.inFlight++;
    this.host.invoke(this, target, args).then(
      (result) => this.complete(invocationId, { result }),
      (err: unknown) => this.complete(invocationId, {
        error: err instanceof HubMethodError ? err.message : `An unexpected error occurred invoking '${target}' on the server.`,
      }),
    ).finally(() => { this.inFlight--; });
  }

  /** Non-blocking invocations (no id) get no answer, not even an error. */
  private complete(invocationId: string | undefined, outcome: { result?: unknown; error?: string }): void {
    if (invocationId !== undefined) this.send(completionFrame(invocationId, outcome));
  }

  private fail(err: unknown): void {
    const reason = err instanceof ProtocolError ? err.message : 'Invalid message.';
    if (this.state === 'handshake') this.refuseHandshake(reason);
    else this.close({ error: `Connection closed with an error: ${reason}` });
  }

  private refuseHandshake(error: string): void {
    this.transport.send(handshakeResponse(error));
    this.state = 'closed';
    this.transport.close();
    this.host.closed(this);
  }
}
