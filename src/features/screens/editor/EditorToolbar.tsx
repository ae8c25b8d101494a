import {
  AlignCenterOutlined, AlignLeftOutlined, AlignRightOutlined, ArrowLeftOutlined, BorderOuterOutlined, ColumnWidthOutlined, CopyOutlined, DeleteOutlined,
  EyeOutlined, GroupOutlined, HistoryOutlined, LockOutlined, RedoOutlined, SaveOutlined, UndoOutlined, UngroupOutlined,
  VerticalAlignBottomOutlined, VerticalAlignMiddleOutlined, VerticalAlignTopOutlined, ColumnHeightOutlined, ZoomInOutlined, ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Divider, Select, Space, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { EditorCommand } from './model/editorState';
import { ZOOM_STEPS, zoomIn, zoomOut, zoomPercent } from './model/zoom';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.4rem 0.75rem;
  border-bottom: 1px solid #24324a;
  background: #101828;
  overflow-x: auto;
  & h1 { margin: 0 0.5rem; font-size: 1rem; white-space: nowrap; color: #e6f0fb; }
`;

export interface ToolbarProps {
  name: string;
  status: 'saved' | 'dirty' | 'saving';
  selected: number;
  canUndo: boolean;
  canRedo: boolean;
  zoom: number;
  grid: number;
  onBack(): void;
  onUndo(): void;
  onRedo(): void;
  onZoom(zoom: number | 'fit'): void;
  onGrid(grid: number): void;
  onCommand(command: EditorCommand): void;
  onCopy(): void;
  onPreview(): void;
  onHistory(): void;
  onSave(): void;
}

function Tool({ title, icon, onClick, disabled }: { title: string; icon: ReactNode; onClick(): void; disabled?: boolean }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" icon={icon} aria-label={title} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
}


/** The editor's top bar: back, name and save state, undo/redo, zoom, arrange, preview, history and save. */
export function EditorToolbar(p: ToolbarProps) {
  const { t } = useTranslation('screenEditor');
  const none = p.selected === 0;
  const statusTag = p.status === 'saved' ? <Tag color="green">{t('editor.saved')}</Tag>
    : p.status === 'saving' ? <Tag color="blue">{t('editor.saving')}</Tag> : <Tag color="orange">{t('editor.unsaved')}</Tag>;
  return (
    <Bar data-editor-toolbar="">
      <Tool title={t('editor.back')} icon={<ArrowLeftOutlined aria-hidden />} onClick={p.onBack} />
      <h1>{p.name}</h1>
      <span data-save-status={p.status}>{statusTag}</span>
      <Divider type="vertical" />
      <Tool title={t('editor.undo')} icon={<UndoOutlined aria-hidden />} onClick={p.onUndo} disabled={!p.canUndo} />
      <Tool title={t('editor.redo')} icon={<RedoOutlined aria-hidden />} onClick={p.onRedo} disabled={!p.canRedo} />
      <Divider type="vertical" />
      <Tool title={t('editor.zoomOut')} icon={<ZoomOutOutlined aria-hidden />} onClick={() => p.onZoom(zoomOut(p.zoom))} />
      <Select size="small" style={{ width: '6.5rem' }} aria-label={t('editor.zoom')} value={`${zoomPercent(p.zoom)}%`}
        options={[{ value: 'fit', label: t('editor.fit') }, ...ZOOM_STEPS.map((z) => ({ value: String(z), label: `${zoomPercent(z)}%` }))]}
        onChange={(v: string) => p.onZoom(v === 'fit' ? 'fit' : Number(v))} />
      <Tool title={t('editor.zoomIn')} icon={<ZoomInOutlined aria-hidden />} onClick={() => p.onZoom(zoomIn(p.zoom))} />
      <Select size="small" style={{ width: '7.5rem' }} aria-label={t('editor.grid')} value={p.grid}
        options={[0, 5, 10, 20, 50].map((g) => ({ value: g, label: g ? t('editor.gridOf', { size: g }) : t('editor.gridOff') }))} onChange={p.onGrid} />
      <Divider type="vertical" />
      <Space size={0}>
        <Tool title={t('editor.align.left')} icon={<AlignLeftOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'align', mode: 'left' })} />
        <Tool title={t('editor.align.hCentre')} icon={<AlignCenterOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'align', mode: 'hCentre' })} />
        <Tool title={t('editor.align.right')} icon={<AlignRightOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'align', mode: 'right' })} />
        <Tool title={t('editor.align.top')} icon={<VerticalAlignTopOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'align', mode: 'top' })} />
        <Tool title={t('editor.align.vMiddle')} icon={<VerticalAlignMiddleOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'align', mode: 'vMiddle' })} />
        <Tool title={t('editor.align.bottom')} icon={<VerticalAlignBottomOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'align', mode: 'bottom' })} />
        <Tool title={t('editor.distribute.horizontal')} icon={<ColumnWidthOutlined aria-hidden />} disabled={p.selected < 3} onClick={() => p.onCommand({ type: 'distribute', axis: 'horizontal' })} />
        <Tool title={t('editor.distribute.vertical')} icon={<ColumnHeightOutlined aria-hidden />} disabled={p.selected < 3} onClick={() => p.onCommand({ type: 'distribute', axis: 'vertical' })} />
      </Space>
      <Divider type="vertical" />
      <Tool title={t('editor.group')} icon={<GroupOutlined aria-hidden />} disabled={p.selected < 2} onClick={() => p.onCommand({ type: 'group' })} />
      <Tool title={t('editor.ungroup')} icon={<UngroupOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'ungroup' })} />
      <Tool title={t('editor.lock')} icon={<LockOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'lock' })} />
      <Tool title={t('editor.toFront')} icon={<BorderOuterOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'zOrder', move: 'front' })} />
      <Tool title={t('editor.copy')} icon={<CopyOutlined aria-hidden />} disabled={none} onClick={p.onCopy} />
      <Tool title={t('editor.delete')} icon={<DeleteOutlined aria-hidden />} disabled={none} onClick={() => p.onCommand({ type: 'delete' })} />
      <span style={{ flex: 1 }} />
      <Button size="small" icon={<EyeOutlined aria-hidden />} onClick={p.onPreview}>{t('editor.preview')}</Button>
      <Button size="small" icon={<HistoryOutlined aria-hidden />} onClick={p.onHistory}>{t('editor.history')}</Button>
      <Button size="small" type="primary" icon={<SaveOutlined aria-hidden />} loading={p.status === 'saving'} onClick={p.onSave}>{t('editor.save')}</Button>
    </Bar>
  );
}
