/**
 * Moved to telemetry-repository.ts (routes write no SQL of their own). Kept only while
 * contacts/contact-routes.ts still imports from here; import from telemetry-repository.ts instead.
 */
export { visibleDevice, visibleProject } from './telemetry-repository';
