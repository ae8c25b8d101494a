import type { ServerVersion } from '../../../../contract/about';
import type { LicenceInfo } from '../../../../contract/licence';
import { apiGet, apiPost } from '../../../shared/http';

export const aboutKeys = { version: ['about', 'version'] as const, licence: ['licence'] as const };

export const fetchServerVersion = (signal?: AbortSignal) => apiGet<ServerVersion>('/about/version', undefined, signal);
export const fetchLicence = (signal?: AbortSignal) => apiGet<LicenceInfo>('/licence', undefined, signal);
/** Imports a licence file's text; the server refuses a tampered, wrongly signed or expired one. */
export const importLicence = (content: string) => apiPost<LicenceInfo>('/licence/import', { content });

/** Told to the banner (outside the admin chunk) after a licence import, so it reads the licence again. */
export const LICENCE_CHANGED_EVENT = 'nv-licence-changed';
