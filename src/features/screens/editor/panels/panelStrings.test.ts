import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HUB_EVENTS, VARIABLE_TYPES, WIDGET_TYPES } from '../../../../../contract/screen-template';
import { panelStrings } from './panelStrings';
import { TOPIC_KINDS } from './sourceForm';

type Tree = { [key: string]: string | Tree };

/** Every leaf key of a string tree, dot-joined, plural suffixes folded (`users_one` → `users`). */
function keys(tree: Tree, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = `${prefix}${k.replace(/_(one|other)$/, '')}`;
    if (typeof v === 'string') out.add(key);
    else for (const inner of keys(v, `${key}.`)) out.add(inner);
  }
  return out;
}

const zh = keys(panelStrings.zh);
const en = keys(panelStrings.en);

describe('panelStrings', () => {
  it('has the same texts in Chinese and English', () => {
    expect([...zh].filter((k) => !en.has(k))).toEqual([]);
    expect([...en].filter((k) => !zh.has(k))).toEqual([]);
  });

  it('has every text the panels ask for by a fixed key', () => {
    const dir = import.meta.dirname;
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx'))) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/\bt\('((?:data|history)\.[A-Za-z.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !zh.has(k))).toEqual([]);
  });

  it('has a text for every value the panels name by a computed key', () => {
    const computed = [
      ...['required', 'identifier', 'duplicateId', 'duplicateName', 'endpoint', 'paramName', 'paramValue', 'duplicateParam', 'refreshSeconds', 'topicTarget', 'unknownVariable', 'defaultNumber', 'invalid']
        .map((c) => `data.errors.${c}`),
      ...TOPIC_KINDS.map((k) => `data.topic.${k}`),
      'data.topic.projectTarget', 'data.topic.deviceTarget',
      ...HUB_EVENTS.map((e) => `data.event.${e}`),
      ...VARIABLE_TYPES.map((v) => `data.variableType.${v}`),
      ...WIDGET_TYPES.map((w) => `data.expects.${w}`),
      ...['array', 'object', 'number', 'string', 'boolean', 'null'].map((k) => `data.binding.kind.${k}`),
      ...['sourceInUse', 'variableInUse', 'duplicateSource', 'duplicateVariable', 'unknownSource', 'unknownVariable', 'tooMany', 'other'].map((k) => `data.refusal.${k}`),
      'data.source.rest', 'data.source.hub',
      ...['added', 'removed', 'modified', 'changed'].map((c) => `history.change.${c}`),
      ...['moved', 'resized', 'movedResized'].map((c) => `history.rect.${c}`),
      ...['type', 'title', 'name', 'z', 'group', 'locked', 'hidden', 'source.sourceId', 'source.path', 'source.transform'].map((f) => `history.field.${f}`),
      ...['width', 'height', 'background'].map((f) => `history.canvasField.${f}`),
      'history.canvasField.scaleMode', 'history.source', 'history.variable',
    ];
    expect(computed.filter((k) => !zh.has(k))).toEqual([]);
  });
});
