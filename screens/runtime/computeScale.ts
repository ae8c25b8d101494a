/**
 * The canvas placement rule lives in the contract (contract/screen-scale.ts), shared with the
 * video-wall tile geometry; the runtime keeps importing it from here.
 */
export { computeScale, renderScale, type CanvasPlacement, type ScaleMode } from '../../contract/screen-scale';
