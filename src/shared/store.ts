import { createStore } from 'jotai';

/**
 * The console's one jotai store. Code outside React (the HTTP wrapper, the realtime hub) writes
 * into the same atoms the components read, through this store.
 */
export const appStore = createStore();
