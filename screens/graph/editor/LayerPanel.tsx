import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { EditorGraph } from './editorGraph';
import { Panel, PanelTitle, SmallButton, ui } from './editorStyles';
import { addLayer, listLayers, moveSelectionToLayer, renameLayer, setCurrentLayer, setLayerVisible } from './layersAndValues';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.375rem 0.5rem 0.5rem;
  li { display: grid; grid-template-columns: auto auto minmax(0, 1fr) auto; align-items: center; gap: 0.375rem; padding: 0.25rem 0; }
  li[data-current='true'] input[type='text'] { border-color: ${ui.primary}; color: ${ui.accent}; }
  input[type='text'] {
    min-width: 0; height: 1.75rem; padding: 0 0.375rem; border-radius: 0.25rem; border: 1px solid transparent;
    background: transparent; color: ${ui.text}; font-size: 0.8125rem;
  }
  input[type='text']:focus { outline: none; border-color: ${ui.inputBorder}; background: rgba(6, 16, 31, 0.85); }
  button.move { height: 1.75rem; padding: 0 0.5rem; font-size: 0.75rem; }
`;

/** Layers (top first): show/hide, which one receives new symbols, rename, move the selection into one. */
export function LayerPanel({ ed, readOnly, hasSelection }: { ed: EditorGraph; readOnly: boolean; revision: number; hasSelection: boolean }) {
  const { t } = useTranslation('graphEditor');
  const layers = listLayers(ed, (n) => t('layers.defaultName', { n })).reverse();
  return (
    <Panel data-testid="graph-layers">
      <PanelTitle>
        {t('layers.title')}
        {!readOnly && (
          <SmallButton type="button" style={{ height: '1.75rem' }} onClick={() => addLayer(ed, t('layers.defaultName', { n: layers.length + 1 }))}>
            + {t('layers.add')}
          </SmallButton>
        )}
      </PanelTitle>
      <List>
        {layers.map((l) => (
          <li key={l.cell.getId()} data-current={l.current} data-layer={l.name}>
            <input type="checkbox" checked={l.visible} title={l.visible ? t('layers.hidden') : t('layers.visible')} aria-label={`${t('layers.visible')} ${l.name}`}
              onChange={(e) => setLayerVisible(ed, l.cell, e.target.checked)} />
            <input type="radio" name="nv-current-layer" checked={l.current} title={t('layers.current')} aria-label={`${t('layers.current')} ${l.name}`}
              disabled={readOnly} onChange={() => setCurrentLayer(ed, l.cell)} />
            <input type="text" defaultValue={l.name} key={l.name} aria-label={t('layers.rename')} readOnly={readOnly}
              onBlur={(e) => { if (!readOnly && e.target.value.trim() && e.target.value !== l.name) renameLayer(ed, l.cell, e.target.value.trim().slice(0, 32)); }} />
            {!readOnly && (
              <SmallButton type="button" className="move" disabled={!hasSelection} title={t('layers.moveHere')} onClick={() => moveSelectionToLayer(ed, l.cell)}>
                {t('layers.moveHere')}
              </SmallButton>
            )}
          </li>
        ))}
      </List>
    </Panel>
  );
}
