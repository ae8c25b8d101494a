import type { CommandState } from '../../../../contract/gateway-commands';
import type { GatewayListItem } from '../../../../contract/gateways';

/** A command state's tag colour. */
export const STATE_COLORS: Record<CommandState, string> = {
  queued: 'default', sent: 'processing', succeeded: 'success', failed: 'error', expired: 'warning',
};

/** How often the list reads itself again while a gateway's last command waits for its outcome. */
export const GATEWAY_REFRESH_MS = 2_000;

/** The list's refresh interval: while a last command is queued or sent, else none. */
export function refreshWhileWaiting(list: readonly GatewayListItem[] | undefined): number | false {
  return list?.some((g) => g.lastCommand && (g.lastCommand.state === 'queued' || g.lastCommand.state === 'sent')) ? GATEWAY_REFRESH_MS : false;
}
