import styled from 'styled-components';
import { hmi } from '../symbols/hmiPalette';

/**
 * The editor's frame in the console's dark look (fixed colours: the canvas is an HMI drawing, dark
 * in either console theme). Sizes in rem, so the editor scales with the console on a 4K screen.
 */
export const ui = {
  panel: 'rgba(15, 33, 61, 0.92)',
  panelBorder: 'rgba(62, 235, 255, 0.22)',
  input: 'rgba(6, 16, 31, 0.85)',
  inputBorder: 'rgba(125, 170, 215, 0.32)',
  text: '#d7e6f5',
  muted: '#8aa2bd',
  strong: '#ffffff',
  accent: '#3eebff',
  primary: '#2dc1c6',
  danger: '#ff7a7a',
} as const;

export const EditorRoot = styled.div`
  display: grid;
  grid-template-columns: 15rem minmax(0, 1fr) 19rem;
  grid-template-rows: auto minmax(0, 1fr);
  gap: 0.5rem;
  min-height: 0;
  color: ${ui.text};
  font-size: 0.875rem;
  input[type='checkbox'], input[type='radio'] { width: 1rem; height: 1rem; margin: 0; accent-color: ${ui.primary}; }
  &[data-readonly='true'] { grid-template-columns: minmax(0, 1fr) 19rem; }
`;

export const Panel = styled.section`
  min-height: 0;
  overflow: auto;
  border: 1px solid ${ui.panelBorder};
  border-radius: 0.375rem;
  background: ${ui.panel};
`;

export const PanelTitle = styled.h3`
  position: sticky;
  top: 0;
  z-index: 1;
  background: #12284a;
  margin: 0;
  padding: 0.625rem 0.75rem;
  border-bottom: 1px solid ${ui.panelBorder};
  font-size: 0.9375rem;
  font-weight: 600;
  color: ${ui.strong};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
`;

export const CanvasFrame = styled.div`
  position: relative;
  min-height: 0;
  border: 1px solid ${ui.panelBorder};
  border-radius: 0.375rem;
  background-color: ${hmi.background};
  overflow: hidden;
`;

export const Canvas = styled.div`
  position: absolute;
  inset: 0;
  overflow: auto;
  outline: none;
  cursor: default;
  &:focus-visible { box-shadow: inset 0 0 0 2px ${ui.primary}; }
  div.mxRubberband {
    position: absolute;
    overflow: hidden;
    border: 1px solid ${ui.accent};
    background: rgba(62, 235, 255, 0.18);
  }
`;

export const SideColumn = styled.div`
  display: grid;
  grid-template-rows: minmax(0, 1fr) auto;
  gap: 0.5rem;
  min-height: 0;
`;

export const ToolRow = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem;
  padding: 0.375rem 0.5rem;
  border: 1px solid ${ui.panelBorder};
  border-radius: 0.375rem;
  background: ${ui.panel};
`;

export const ToolSep = styled.span`
  width: 1px;
  height: 1.5rem;
  margin: 0 0.25rem;
  background: ${ui.panelBorder};
`;

export const ToolButton = styled.button<{ $active?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.25rem;
  min-width: 2rem;
  height: 2rem;
  padding: 0 0.375rem;
  border-radius: 0.25rem;
  border: 1px solid ${({ $active }) => ($active ? ui.primary : 'transparent')};
  background: ${({ $active }) => ($active ? 'rgba(45, 193, 198, 0.18)' : 'transparent')};
  color: ${({ $active }) => ($active ? ui.accent : ui.text)};
  font-size: 0.8125rem;
  cursor: pointer;
  &:hover:not(:disabled) { border-color: ${ui.inputBorder}; color: ${ui.strong}; }
  &:disabled { opacity: 0.35; cursor: not-allowed; }
  svg { width: 1.125rem; height: 1.125rem; }
`;

export const Field = styled.label`
  display: grid;
  gap: 0.25rem;
  margin: 0 0 0.625rem;
  color: ${ui.muted};
  font-size: 0.8125rem;
`;

export const Input = styled.input`
  width: 100%;
  height: 2rem;
  padding: 0 0.5rem;
  border-radius: 0.25rem;
  border: 1px solid ${ui.inputBorder};
  background: ${ui.input};
  color: ${ui.strong};
  font-size: 0.875rem;
  &:focus { outline: none; border-color: ${ui.primary}; }
  &:disabled { opacity: 0.6; }
`;

export const Select = styled.select`
  width: 100%;
  height: 2rem;
  padding: 0 0.375rem;
  border-radius: 0.25rem;
  border: 1px solid ${ui.inputBorder};
  background: ${ui.input};
  color: ${ui.strong};
  font-size: 0.875rem;
  &:focus { outline: none; border-color: ${ui.primary}; }
  option { background: #0b1a30; }
`;

export const SmallButton = styled.button<{ $primary?: boolean }>`
  height: 2rem;
  padding: 0 0.75rem;
  border-radius: 0.25rem;
  border: 1px solid ${({ $primary }) => ($primary ? ui.primary : ui.inputBorder)};
  background: ${({ $primary }) => ($primary ? 'rgba(45, 193, 198, 0.22)' : 'transparent')};
  color: ${({ $primary }) => ($primary ? ui.accent : ui.text)};
  font-size: 0.8125rem;
  cursor: pointer;
  &:hover:not(:disabled) { border-color: ${ui.accent}; color: ${ui.strong}; }
  &:disabled { opacity: 0.4; cursor: not-allowed; }
`;

export const Muted = styled.p`
  margin: 0.75rem;
  color: ${ui.muted};
  line-height: 1.5;
`;

export const ErrorText = styled.p`
  margin: 0 0 0.5rem;
  color: ${ui.danger};
  font-size: 0.8125rem;
`;
