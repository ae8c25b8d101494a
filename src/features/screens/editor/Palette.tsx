import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { WIDGET_SCHEMAS, WIDGET_TYPES, type WidgetType } from '../../../../contract/widgets';
import { WIDGET_DRAG_TYPE } from './EditorCanvas';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.5rem;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.4rem;
`;

const Item = styled.button`
  width: 100%;
  padding: 0.6rem 0.4rem;
  border: 1px solid #2b3d5c;
  border-radius: 0.375rem;
  background: #111a2b;
  color: #d7e6f5;
  font: inherit;
  font-size: 0.85rem;
  cursor: grab;
  &:hover, &:focus-visible { border-color: #3eebff; outline: none; }
`;

/** The widget types to place: drag one onto the canvas, or click to add it where there is room. */
export function Palette({ onAdd }: { onAdd(type: WidgetType): void }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <List aria-label="palette">
      {WIDGET_TYPES.map((type) => (
        <li key={type}>
          <Item
            type="button"
            draggable
            data-palette={type}
            onDragStart={(e) => {
              e.dataTransfer.setData(WIDGET_DRAG_TYPE, type);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => onAdd(type)}
          >
            {WIDGET_SCHEMAS[type].label[lang]}
          </Item>
        </li>
      ))}
    </List>
  );
}
