import { atom } from 'jotai';
import type { HubConnectionOwner } from './HubConnectionOwner';

/**
 * The console's connection owner while one runs (set by the shell), so screens can subscribe to
 * their topics and listen for pushes without owning a socket.
 */
export const hubOwnerAtom = atom<HubConnectionOwner | null>(null);
