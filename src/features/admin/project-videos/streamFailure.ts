/** Why a channel shows no picture, as its tile says it (`admin:videos.state.<reason>`). */
export type StreamFailure = 'unreachable' | 'invalid' | 'unplayable' | 'media' | 'unsupported' | 'loadFailed' | 'blocked';

/** The parts of an hls.js ERROR event the tile reads. */
export interface HlsErrorLike {
  type: string;
  details: string;
  fatal: boolean;
}

/** hls.js details that mean the address answered, but not with a playable playlist. */
const INVALID_DETAILS = new Set([
  'manifestParsingError', 'levelParsingError', 'levelEmptyError', 'manifestIncompatibleCodecsError', 'fragParsingError',
]);

/**
 * What a fatal hls.js error means to the viewer; null for one hls.js recovers from itself. A media
 * error is worth one `recoverMediaError()` before it is final (`mediaRetried`).
 */
export function hlsFailure(e: HlsErrorLike, mediaRetried: boolean): StreamFailure | 'recover' | null {
  if (!e.fatal) return null;
  if (INVALID_DETAILS.has(e.details)) return 'invalid';
  if (e.type === 'networkError') return 'unreachable';
  if (e.type === 'mediaError') return mediaRetried ? 'media' : 'recover';
  return 'media';
}

/**
 * What a `<video>` element's error means (MediaError codes): a network failure, an address the
 * browser cannot open or play (a missing file answers the same as an unknown format), or bad data.
 */
export function mediaElementFailure(code: number | undefined): StreamFailure {
  if (code === 2) return 'unreachable';
  if (code === 3) return 'media';
  return 'unplayable';
}
