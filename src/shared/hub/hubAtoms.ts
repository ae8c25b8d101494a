import { atom } from 'jotai';

/**
 * The realtime connection as screens see it: anything but `connected` means pushed data may be
 * stale (show the marker). `disconnected`: no user, or the owner was disposed.
 */
export type HubStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export const hubStatusAtom = atom<HubStatus>('disconnected');

/** Epoch ms of the last time the connection opened or reopened; null before the first. */
export const hubConnectedAtAtom = atom<number | null>(null);
