import type { RegisterEntry } from '../../../contract/gateway-commands';

/** What the commissioning export holds (read by project-repository.ts comXmlData). */
export interface ComXmlProject {
  id: number;
  code: string;
  name: string;
  orgName: string;
  city: string;
  address: string;
  lng: number | null;
  lat: number | null;
  gateways: { id: number; code: string; name: string }[];
  devices: ComXmlDevice[];
}

export interface ComXmlDevice {
  id: number;
  code: string;
  name: string;
  gatewayId: number | null;
  modelCode: string;
  modelName: string;
  deviceTypeId: number;
  iotId: string;
  iccid: string;
  registers: RegisterEntry[];
}

/** The version of the export's layout (the root's `format`), for tools that read it. */
export const COM_XML_FORMAT = '1';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text for an attribute value: the five markup characters escaped, and the characters XML 1.0
 * cannot hold at all (control characters other than tab, newline and carriage return, lone
 * surrogates, U+FFFE/U+FFFF) dropped; tab, newline and carriage return as character references,
 * so a reader's attribute normalisation keeps them.
 */
export function xmlAttr(value: string | number | null): string {
  if (value === null) return '';
  return String(value)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c])
    .replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

function element(indent: number, name: string, attrs: Record<string, string | number | null>, children: string[] = []): string {
  const pad = '  '.repeat(indent);
  const a = Object.entries(attrs).map(([k, v]) => ` ${k}="${xmlAttr(v)}"`).join('');
  return children.length ? `${pad}<${name}${a}>\n${children.join('\n')}\n${pad}</${name}>` : `${pad}<${name}${a}/>`;
}

function deviceElement(d: ComXmlDevice, indent: number): string {
  const registers = d.registers.map((r) => element(indent + 2, 'register', {
    measureId: r.measureId, name: r.name, functionCode: r.modbusCode, address: r.registerAddr, dataType: r.dataType,
    access: r.access, decimals: r.decimals, unit: r.unit,
  }));
  return element(indent, 'device', {
    id: d.id, code: d.code, name: d.name, model: d.modelCode, modelName: d.modelName, deviceType: d.deviceTypeId, iotId: d.iotId, iccid: d.iccid,
  }, registers.length ? [element(indent + 1, 'registers', { count: registers.length }, registers)] : []);
}

/**
 * The project's devices and gateways as XML for commissioning tools: each gateway with the devices
 * wired to it and their register maps (what the gateway polls), then the devices on no gateway
 * (4G DTUs report on their own). Every value is an escaped attribute: names typed by users never
 * become markup.
 */
export function buildComXml(p: ComXmlProject, exportedAt: Date): string {
  const known = new Set(p.gateways.map((g) => g.id));
  const gateways = p.gateways.map((g) => element(2, 'gateway', { id: g.id, code: g.code, name: g.name },
    p.devices.filter((d) => d.gatewayId === g.id).map((d) => deviceElement(d, 3))));
  const direct = p.devices.filter((d) => d.gatewayId === null || !known.has(d.gatewayId)).map((d) => deviceElement(d, 2));
  const body = [
    element(1, 'location', { lng: p.lng, lat: p.lat, city: p.city, address: p.address }),
    element(1, 'gateways', { count: p.gateways.length }, gateways),
    element(1, 'devices', { count: direct.length }, direct),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(0, 'project', {
    format: COM_XML_FORMAT, id: p.id, code: p.code, name: p.name, organisation: p.orgName, exportedAt: exportedAt.toISOString(),
  }, body)}\n`;
}
