import { atom } from 'jotai';
import type { HubConnectionOwner } from './HubConnectionOwner';

/**
 * The realtime connection as screens see it: anything but `connected` means pushed data may be
 * stale (show the marker). `disconnected`: no user, or the owner was disposed.
 */
export type HubStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export const hubStatusAtom = atom<HubStatus>('disconnected');

/** Epoch ms of the last time the connection opened or reopened; null before the first. */
export const hubConnectedAtAtom = atom<number | null>(null);

/**
 * The console's connection owner while one runs (set by the shell), so screens can subscribe to
 * their topics and listen for pushes without owning a socket.
 */
export const hubOwnerAtom = atom<HubConnectionOwner | null>(null);
