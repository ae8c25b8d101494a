import { GRAPH_HMI } from '../../../contract/graph/symbol-styles';

/**
 * Colours of the process graphics (contract/graph/symbol-styles.ts): the shapes, the editor and
 * the live view draw in these, so a graph looks like one product with /monitor.
 */
export const hmi = GRAPH_HMI;
