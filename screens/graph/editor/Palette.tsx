import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { GRAPH_SYMBOLS, type GraphSymbolCategory, type GraphSymbolDef } from '../symbols/graphSymbols';
import { Input, Panel, PanelTitle, ui } from './editorStyles';
import { symbolPreviews } from './symbolPreviews';

/** The MIME type a palette drag carries (the symbol key). */
export const SYMBOL_MIME = 'application/x-nv-graph-symbol';

const CATEGORIES: GraphSymbolCategory[] = ['equipment', 'filters', 'ducts', 'sensors', 'meters', 'annotations'];

const Group = styled.div`
  padding: 0.5rem 0.5rem 0;
  h4 { margin: 0.25rem 0.25rem 0.375rem; font-size: 0.75rem; font-weight: 600; color: ${ui.muted}; letter-spacing: 0.06em; }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.375rem;
`;

const Item = styled.button`
  display: grid;
  grid-template-rows: 3.25rem auto;
  align-items: center;
  justify-items: center;
  gap: 0.25rem;
  padding: 0.375rem 0.25rem;
  border: 1px solid rgba(125, 170, 215, 0.18);
  border-radius: 0.25rem;
  background: rgba(6, 19, 39, 0.7);
  color: ${ui.text};
  font-size: 0.75rem;
  line-height: 1.2;
  cursor: grab;
  &:hover { border-color: ${ui.primary}; color: ${ui.strong}; }
  span.pic { width: 100%; height: 100%; display: flex; align-items: center; justify-content: center; pointer-events: none; }
  span.pic svg { max-width: 90%; max-height: 100%; }
`;

function Preview({ def }: { def: GraphSymbolDef }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // Markup produced by maxGraph from our own shapes (no user input), set on a node React does not manage.
    if (ref.current) ref.current.innerHTML = symbolPreviews().get(def.key) ?? '';
  }, [def.key]);
  return <span className="pic" ref={ref} />;
}

/**
 * The symbol library by category: drag a symbol onto the canvas, or click it to add it in the
 * middle of the view. Names come from the library's namespace `graph`.
 */
export function Palette({ onAdd }: { onAdd: (def: GraphSymbolDef) => void }) {
  const { t } = useTranslation('graphEditor');
  const { t: tg } = useTranslation('graph');
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return GRAPH_SYMBOLS.filter((s) => !q || tg(s.nameKey).toLowerCase().includes(q) || s.key.toLowerCase().includes(q));
  }, [query, tg]);
  const onDragStart = (def: GraphSymbolDef) => (e: DragEvent) => {
    e.dataTransfer.setData(SYMBOL_MIME, def.key);
    e.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <Panel aria-label={t('palette.title')} data-testid="graph-palette">
      <PanelTitle>{t('palette.title')}</PanelTitle>
      <div style={{ padding: '0.5rem 0.5rem 0' }}>
        <Input type="search" value={query} placeholder={t('palette.search')} aria-label={t('palette.search')} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {CATEGORIES.map((cat) => {
        const items = shown.filter((s) => s.category === cat);
        if (!items.length) return null;
        return (
          <Group key={cat}>
            <h4>{tg(`categories.${cat}`)}</h4>
            <Grid>
              {items.map((def) => (
                <Item key={def.key} type="button" draggable data-symbol={def.key} title={`${tg(def.nameKey)} — ${t('palette.hint')}`}
                  onDragStart={onDragStart(def)} onClick={() => onAdd(def)}>
                  <Preview def={def} />
                  {tg(def.nameKey)}
                </Item>
              ))}
            </Grid>
          </Group>
        );
      })}
      <div style={{ height: '0.5rem' }} />
    </Panel>
  );
}
