import type { HubNotice } from '../../contract/hub';

export interface PublishOptions {
  /**
   * Limits the delivery to the connections whose user may see this project (SPEC §6); null: a
   * thing of no project, seen only by users who see everything.
   */
  projectId?: number | null;
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
  /**
   * Sends `notice` to the subscribers of `topics`; a connection subscribed to several of them
   * receives it once.
   */
  publish(topics: string | readonly string[], notice: HubNotice, options?: PublishOptions): Promise<void>;
  publishToUser(userId: number, notice: HubNotice, options?: UserPublishOptions): Promise<void>;
}

/** One publish as it travels between processes. */
export interface HubEnvelope {
  topics: string[];
  notice: HubNotice;
  projectId?: number | null;
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
