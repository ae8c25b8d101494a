import { ArrowDownOutlined, ArrowUpOutlined, EyeInvisibleOutlined, EyeOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { WIDGET_SCHEMAS } from '../../../../contract/widgets';
import type { EditorCommand, EditorState } from './model/editorState';
import type { EditorWidget } from './model/types';

const Rows = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0.25rem 0;
`;

const Row = styled.li<{ $selected: boolean; $hidden: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.15rem 0.5rem;
  cursor: pointer;
  background: ${({ $selected }) => ($selected ? 'rgba(45, 193, 198, 0.22)' : 'transparent')};
  opacity: ${({ $hidden }) => ($hidden ? 0.5 : 1)};
  &:hover { background: rgba(45, 193, 198, 0.12); }
  & > span { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 0.85rem; }
  & small { color: #6f86a6; margin-left: 0.35rem; }
`;

/** What a widget is called in the layers panel: its layer name, else its title, else its type and id. */
export function layerName(w: EditorWidget, lang: 'zh' | 'en'): string {
  return w.name ?? w.title ?? `${WIDGET_SCHEMAS[w.type].label[lang]} ${w.id}`;
}

/**
 * The widgets top to bottom: click selects (shift adds), double-click renames, and each row shows
 * and toggles hidden and locked; the arrows move the selection up and down the stack.
 */
export function LayersPanel({ state, dispatch }: { state: EditorState; dispatch(c: EditorCommand): unknown }) {
  const { t, i18n } = useTranslation('screenEditor');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const rows = [...state.doc.widgets].sort((a, b) => b.z - a.z);
  const selected = new Set(state.selection);
  return (
    <div data-editor-layers="">
      <div style={{ display: 'flex', gap: '0.25rem', padding: '0.25rem 0.5rem' }}>
        <Tooltip title={t('editor.forward')}><Button size="small" icon={<ArrowUpOutlined aria-hidden />} aria-label={t('editor.forward')} disabled={!selected.size} onClick={() => dispatch({ type: 'zOrder', move: 'forward' })} /></Tooltip>
        <Tooltip title={t('editor.backward')}><Button size="small" icon={<ArrowDownOutlined aria-hidden />} aria-label={t('editor.backward')} disabled={!selected.size} onClick={() => dispatch({ type: 'zOrder', move: 'backward' })} /></Tooltip>
      </div>
      <Rows>
        {rows.map((w) => (
          <Row
            key={w.id}
            $selected={selected.has(w.id)}
            $hidden={!!w.hidden}
            data-layer={w.id}
            onClick={(e) => dispatch(e.shiftKey ? { type: 'toggleSelect', ids: [w.id] } : { type: 'select', ids: [w.id], exact: true })}
            onDoubleClick={() => setRenaming({ id: w.id, name: w.name ?? w.title ?? '' })}
          >
            {renaming?.id === w.id ? (
              <Input
                size="small"
                autoFocus
                aria-label={t('editor.layerName')}
                value={renaming.name}
                maxLength={64}
                onChange={(e) => setRenaming({ id: w.id, name: e.target.value })}
                onBlur={() => { if (renaming.name.trim()) dispatch({ type: 'rename', id: w.id, name: renaming.name.trim() }); setRenaming(null); }}
                onPressEnter={(e) => e.currentTarget.blur()}
                onKeyDown={(e) => { if (e.key === 'Escape') setRenaming(null); }}
              />
            ) : (
              <span title={layerName(w, lang)}>{layerName(w, lang)}{w.group && <small>⧉ {w.group}</small>}</span>
            )}
            <Button size="small" type="text" aria-label={w.hidden ? t('editor.show') : t('editor.hide')} icon={w.hidden ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
              onClick={(e) => { e.stopPropagation(); dispatch({ type: w.hidden ? 'show' : 'hide', ids: [w.id] }); }} />
            <Button size="small" type="text" aria-label={w.locked ? t('editor.unlock') : t('editor.lock')} icon={w.locked ? <LockOutlined aria-hidden /> : <UnlockOutlined aria-hidden />}
              onClick={(e) => { e.stopPropagation(); dispatch({ type: w.locked ? 'unlock' : 'lock', ids: [w.id] }); }} />
          </Row>
        ))}
      </Rows>
    </div>
  );
}
