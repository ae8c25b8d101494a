import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { DB } from '../db/schema';
import { storedStreamOrigins } from '../routes/project-videos/project-video-repository';

/**
 * The origins the console may fetch and play camera streams from, for the content security policy
 * (connect-src, media-src): VIDEO_ORIGINS's list, any http(s) address when it says `any`, or by
 * default exactly the origins of the channels saved so far — so the policy stays as narrow as the
 * site's cameras, and a new channel's origin is allowed from its save on.
 */
export class VideoOrigins {
  private stored: string[] = [];

  constructor(private readonly db: Kysely<DB>, private readonly setting: ServerConfig['videoOrigins']) {}

  /** The CSP source expressions now. */
  sources(): string[] {
    if (this.setting === 'any') return ['http:', 'https:'];
    return Array.isArray(this.setting) ? this.setting : this.stored;
  }

  /** Re-reads the saved channels' origins (at start, and after a channel is saved or deleted). */
  async refresh(): Promise<void> {
    if (this.setting === 'stored') this.stored = await storedStreamOrigins(this.db);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    videoOrigins: VideoOrigins;
  }
}
