import { z } from 'zod';
import { QueryId } from '../envelope';

/**
 * GET /api/s/graph-live?projectId=: the snapshot a project graph's live view starts from and
 * re-reads after every hub reconnect: the state of each device of the project and the current
 * value (with its open-alarm flag) of each of their points. Signed-in, within the data scope.
 */
export const GraphLiveQuery = z.object({ projectId: QueryId });

export const GraphLiveDevice = z.object({
  id: z.number().int(),
  /** 0 offline, 1 online, 2 alarm (SPEC §3). */
  state: z.number().int(),
});

export const GraphLiveValue = z.object({
  deviceId: z.number().int(),
  measureId: z.number().int(),
  value: z.number().nullable(),
  /** The measure's own decimals: the display format when the cell names none. */
  decimals: z.number().int(),
  /** An alarm is open on this point. */
  alarm: z.boolean(),
  /** Epoch ms of the sample. */
  ts: z.number().int(),
});

export const GraphLiveSnapshot = z.object({
  devices: z.array(GraphLiveDevice),
  values: z.array(GraphLiveValue),
  /** Server time of the read (epoch ms). */
  at: z.number().int(),
});
export type GraphLiveSnapshot = z.infer<typeof GraphLiveSnapshot>;
