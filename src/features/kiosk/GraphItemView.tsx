import { GraphLiveView } from '../../../screens/graph/live/GraphLiveView';
import type { ItemRendererProps } from './ItemRendererProps';

/**
 * A project-graph item: the project's graph (`graphId`, else its active one) drawn live. The view
 * disposes its maxGraph instance, observers and subscriptions on unmount. A project without a
 * graph is skipped.
 */
export function GraphItemView({ item, client, onReady, onFailed }: ItemRendererProps) {
  if (item.kind !== 'graph') return null;
  return (
    <div style={{ position: 'absolute', inset: 0 }} data-kiosk-graph={item.projectId}>
      <GraphLiveView
        client={client}
        projectId={item.projectId}
        graphId={item.graphId}
        onReady={onReady}
        onEmpty={() => onFailed(`project ${item.projectId} has no graph to show`)}
      />
    </div>
  );
}
