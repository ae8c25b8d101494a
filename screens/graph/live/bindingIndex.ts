import { readCellBinding, type GraphCellBinding } from '../../../contract/graph/binding';

/** A decoded cell as the index reads it: its id and its wrapper's attributes. */
export interface IndexedCell {
  id: string;
  get(name: string): string | null | undefined;
}

/** Which cells show which device and point: built once per graph, read on every push. */
export interface BindingIndex {
  /** Every cell with a binding or a library symbol, by cell id. */
  bindings: Map<string, GraphCellBinding>;
  /** Cells bound to a point, by `pointKey(deviceId, measureId)`. */
  byPoint: Map<string, string[]>;
  /** Cells bound to a device (with or without a point), by device id. */
  byDevice: Map<number, string[]>;
}

/** The key of one measure point of one device. */
export const pointKey = (deviceId: number, measureId: number) => `${deviceId}:${measureId}`;

function push<K>(map: Map<K, string[]>, key: K, id: string): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

/** Indexes the bindings of a graph's cells (contract/graph/binding.ts); unbound cells are skipped. */
export function buildBindingIndex(cells: Iterable<IndexedCell>): BindingIndex {
  const index: BindingIndex = { bindings: new Map(), byPoint: new Map(), byDevice: new Map() };
  for (const cell of cells) {
    const binding = readCellBinding(cell.id, (name) => cell.get(name));
    if (!binding) continue;
    index.bindings.set(cell.id, binding);
    if (binding.deviceId === undefined) continue;
    push(index.byDevice, binding.deviceId, cell.id);
    if (binding.measureId !== undefined) push(index.byPoint, pointKey(binding.deviceId, binding.measureId), cell.id);
  }
  return index;
}
