/**
 * maxGraph style strings (`shape=nvFan;strokeWidth=2;dashed=1`, how the symbol library writes a
 * style) to the style objects maxGraph 0.24 cells carry. Numbers become numbers, as maxGraph's own
 * mxGraph codec does; a bare name is a base style.
 */
export type StyleRecord = Record<string, string | number | string[]>;

const NUMERIC = /^-?(\d+(\.\d*)?|\.\d+)$/;

export function parseStyleString(style: string): StyleRecord {
  const out: StyleRecord = {};
  for (const entry of style.split(';')) {
    if (!entry) continue;
    const eq = entry.indexOf('=');
    if (eq < 0) {
      const names = (out.baseStyleNames as string[] | undefined) ?? [];
      names.push(entry);
      out.baseStyleNames = names;
      continue;
    }
    const key = entry.slice(0, eq).trim();
    const value = entry.slice(eq + 1);
    if (key) out[key] = NUMERIC.test(value) ? Number(value) : value;
  }
  return out;
}
