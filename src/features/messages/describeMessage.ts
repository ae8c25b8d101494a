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

/**
 * What a message is about, from the fields of its data (SPEC §3 lists them per kind). Messages
 * are stored in Chinese; one that carries English beside it (`data.contentEn`, `data.measureNameEn`:
 * the video walls' health messages) reads in English when the console's `language` is English.
 */
export function describeMessage(message: Pick<Message, 'content' | 'data'>, language = 'zh'): MessageSummary {
  const data = parseMessageData(message.data);
  const english = language.startsWith('en');
  const content = (english && text(data.contentEn)) || message.content;
  const measureName = (english && text(data.measureNameEn)) || data.measureName;
  const devices = data.devices as Data | undefined;
  if (text(data.title)) return { headline: text(data.title), detail: text(data.content) || content };
  if (text(data.fileVer)) return { headline: content, detail: join(data.projectName, data.deviceModelName, `v${text(data.fileVer).replace(/^v/i, '')}`) };
  if (devices && typeof devices === 'object') return { headline: content, detail: join(data.projectName, data.deviceModelName, devices.name) };
  if (text(data.deviceName) || text(measureName)) return { headline: content, detail: join(data.projectName, data.deviceName, measureName) };
  if (text(data.nickName) || text(data.name)) {
    const who = text(data.nickName) && text(data.name) ? `${text(data.nickName)}（${text(data.name)}）` : text(data.nickName) || text(data.name);
    return { headline: content, detail: who };
  }
  return { headline: content, detail: text(data.projectName) };
}
