import { atom } from 'jotai';

/** Whether the settings panel (theme, language) is open (SPEC §3 settings: showSettings). */
export const showSettingsAtom = atom(false);
