import type { HubNotice } from '../../contract/hub';

/** Limits a topic delivery to the connections whose user may see this project (SPEC §6). */
export interface PublishOptions {
  projectId?: number;
}

export interface UserPublishOptions {
  /** Leaves out the connections of this session (the new login that caused a `logout`). */
  exceptSessionId?: number;
}

/**
 * The hub as other server modules see it (alarm engine, messages, simulator): they publish
 * notices to topics or users and never touch a socket. With REDIS_URL the notice reaches the
 * subscribers on every server process. The promise settles once the notice is handed on; it
 * never rejects (failures are logged), so callers may leave it floating.
 */
export interface HubPublisher {
  publish(topic: string, notice: HubNotice, options?: PublishOptions): Promise<void>;
  publishToUser(userId: number, notice: HubNotice, options?: UserPublishOptions): Promise<void>;
}

/** One publish as it travels between processes. */
export interface HubEnvelope {
  topic: string;
  notice: HubNotice;
  projectId?: number;
  exceptSessionId?: number;
}

/** Carries envelopes to the other server processes. */
export interface Backplane {
  /** Starts receiving envelopes published by other processes. */
  start(onRemote: (envelope: HubEnvelope) => void): Promise<void>;
  publish(envelope: HubEnvelope): Promise<void>;
  close(): Promise<void>;
}

/** A single process: nothing to carry. */
export class LocalBackplane implements Backplane {
  async start(): Promise<void> {}
  async publish(): Promise<void> {}
  async close(): Promise<void> {}
}
