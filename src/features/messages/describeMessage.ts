import type { Message } from '../../../contract/messages';

type Data = Record<string, unknown>;

/** A message's `data`: JSON text, sometimes encoded twice (SPEC §3). Never throws. */
export function parseMessageData(raw: string | null | undefined): Data {
  let value: unknown = raw ?? '';
  for (let i = 0; i < 3 && typeof value === 'string'; i++) {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const join = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' · ');

export interface MessageSummary {
  /** The line in bold: a notice's title, else the message content. */
  headline: string;
  /** Where it comes from: project, device, measure, model, file version or the user. */
  detail: string;
}

/** What a message is about, from the fields of its data (SPEC §3 lists them per kind). */
export function describeMessage(message: Pick<Message, 'content' | 'data'>): MessageSummary {
  const data = parseMessageData(message.data);
  const devices = data.devices as Data | undefined;
  if (text(data.title)) return { headline: text(data.title), detail: text(data.content) || message.content };
  if (text(data.fileVer)) return { headline: message.content, detail: join(data.projectName, data.deviceModelName, `v${text(data.fileVer).replace(/^v/i, '')}`) };
  if (devices && typeof devices === 'object') return { headline: message.content, detail: join(data.projectName, data.deviceModelName, devices.name) };
  if (text(data.deviceName) || text(data.measureName)) return { headline: message.content, detail: join(data.projectName, data.deviceName, data.measureName) };
  if (text(data.nickName) || text(data.name)) {
    const who = text(data.nickName) && text(data.name) ? `${text(data.nickName)}（${text(data.name)}）` : text(data.nickName) || text(data.name);
    return { headline: message.content, detail: who };
  }
  return { headline: message.content, detail: text(data.projectName) };
}
