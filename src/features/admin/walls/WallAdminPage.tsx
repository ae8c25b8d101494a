import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Divider, Empty, Flex, Form, Input, InputNumber, Popconfirm, Segmented, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { hasRight, Right } from '../../../../contract/rights';
import type { WallGeometry } from '../../../../contract/wall/tile-geometry';
import {
  WALL_BEZEL_MAX, WALL_IDLE_MAX_S, WALL_IDLE_MIN_S, WALL_MAX_COLS, WALL_MAX_ROWS, WALL_NAME_MAX, WALL_REMARK_MAX, WALL_ROTATE_MAX_S,
  WALL_ROTATE_MIN_S, WALL_SCREEN_HEIGHT_MAX, WALL_SCREEN_HEIGHT_MIN, WALL_SCREEN_WIDTH_MAX, WALL_SCREEN_WIDTH_MIN, type WallDefinition,
} from '../../../../contract/walls';
import { errorText } from '../../../shared/errorText';
import { useRights } from '../../../shared/user';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { showFieldError } from '../kit/formErrors';
import { PanelBody } from '../ResourceListPage';
import {
  deleteWall, fetchDefaultMulti, fetchProjectNames, fetchTemplate, fetchTemplateChoices, fetchWalls, saveWall, wallKeys,
} from './wallApi';
import { TemplateRotationInput, VariablesInput } from './WallFormInputs';
import { WallGridPreview } from './WallGridPreview';
import { registerWallStrings } from './wallStrings';
import { WallTokens } from './WallTokens';
import {
  canvasOf, declaredVariables, newWallDraft, RESOLUTION_PRESETS, resolutionKey, wallDraftOf, wallSaveOf, type ResolutionKey, type WallDraft,
} from './wallView';

registerWallStrings();

const Layout = styled.div`
  display: grid;
  grid-template-columns: 17rem minmax(0, 1fr);
  gap: 1rem;
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: minmax(0, 1fr); }
`;

const Editor = styled.div`
  display: grid;
  grid-template-columns: minmax(24rem, 34rem) minmax(0, 1fr);
  gap: 1.5rem;
  align-items: start;
  @media (max-width: 1400px) { grid-template-columns: minmax(0, 1fr); }
`;

const WallEntries = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
  & button {
    width: 100%;
    text-align: left;
    padding: 0.55rem 0.75rem;
    border-radius: 0.375rem;
    border: 1px solid transparent;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  & button:hover { background: ${({ theme }) => theme.glow}; }
  & button[aria-current='true'] { border-color: ${({ theme }) => theme.primary}; background: ${({ theme }) => theme.glow}; }
  & strong { display: block; font-weight: 500; color: ${({ theme }) => theme.textStrong}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  & small { display: block; color: ${({ theme }) => theme.textMuted}; }
`;

const half = { style: { flex: 1, minWidth: 0 } };
const full = { style: { width: '100%' } };

interface Values extends WallDraft {
  /** The resolution preset the width and height follow (not sent). */
  resolution: ResolutionKey;
}
const FIELDS = ['name', 'rows', 'cols', 'screenWidth', 'screenHeight', 'bezelX', 'bezelY', 'templateIds', 'rotateSeconds', 'idleSeconds', 'variables', 'remark'];

const intIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The wall the preview draws: the form's values where they are valid, the saved ones elsewhere. */
function previewGeometry(v: Partial<Values>, fallback: WallDraft): WallGeometry {
  return {
    rows: intIn(v.rows, 1, WALL_MAX_ROWS) ? v.rows : fallback.rows,
    cols: intIn(v.cols, 1, WALL_MAX_COLS) ? v.cols : fallback.cols,
    screenWidth: intIn(v.screenWidth, WALL_SCREEN_WIDTH_MIN, WALL_SCREEN_WIDTH_MAX) ? v.screenWidth : fallback.screenWidth,
    screenHeight: intIn(v.screenHeight, WALL_SCREEN_HEIGHT_MIN, WALL_SCREEN_HEIGHT_MAX) ? v.screenHeight : fallback.screenHeight,
    bezelX: intIn(v.bezelX, 0, WALL_BEZEL_MAX) ? v.bezelX : fallback.bezelX,
    bezelY: intIn(v.bezelY, 0, WALL_BEZEL_MAX) ? v.bezelY : fallback.bezelY,
  };
}

/**
 * One wall's form with its live preview: layout (rows, columns, the screens' resolution by preset
 * or custom, bezels), rotation (templates in order, seconds per item, idle reset), template
 * variables and remark. Saving sends the whole definition; a 400 naming a field is shown on it.
 */
function WallEditor({ wall, onSaved, onDeleted }: { wall: WallDefinition | null; onSaved: (w: WallDefinition) => void; onDeleted: () => void }) {
  const { t } = useTranslation('admin', { keyPrefix: 'walls' });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const initial = useMemo<Values>(() => {
    const d = wall ? wallDraftOf(wall) : newWallDraft();
    return { ...d, resolution: resolutionKey(d.screenWidth, d.screenHeight) };
  }, [wall]);

  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const values = watched ?? initial;
  const geometry = previewGeometry(values, initial);
  const resolution = values.resolution ?? initial.resolution;
  const templateIds = values.templateIds ?? initial.templateIds;

  const choices = useQuery({ queryKey: wallKeys.templates, queryFn: ({ signal }) => fetchTemplateChoices(signal) });
  const defaultMulti = useQuery({ queryKey: wallKeys.defaultMulti, queryFn: ({ signal }) => fetchDefaultMulti(signal) });
  const projects = useQuery({ queryKey: wallKeys.projects, queryFn: ({ signal }) => fetchProjectNames(signal), retry: false });
  const distinctIds = [...new Set(templateIds)];
  const records = useQueries({
    queries: distinctIds.map((id) => ({ queryKey: wallKeys.template(id), queryFn: ({ signal }: { signal: AbortSignal }) => fetchTemplate(id, signal), retry: false })),
  });
  const rotation = templateIds.length
    ? templateIds.map((id) => records[distinctIds.indexOf(id)]?.data).filter((r) => r !== undefined)
    : defaultMulti.data ?? [];
  const declared = declaredVariables(rotation.map((r) => r.content));
  const canvas = canvasOf(rotation[0]);

  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    const { resolution: _preset, ...draft } = v;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveWall(wallSaveOf({ ...draft, id: wall?.id }));
      message.success(t('saved', { name: saved.name }));
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: wallKeys.list });
      await queryClient.invalidateQueries({ queryKey: wallKeys.health });
      onSaved(saved);
    } catch (err) {
      if (!showFieldError(form, err, FIELDS)) setFailure(t('saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!wall) return;
    try {
      await deleteWall(wall.id);
      message.success(t('deleted', { name: wall.name }));
      await queryClient.invalidateQueries({ queryKey: wallKeys.all });
      onDeleted();
    } catch (err) {
      message.error(t('deleteFailed', { error: errorText(err) }));
    }
  };

  const pickResolution = (key: ResolutionKey) => {
    const preset = RESOLUTION_PRESETS.find((p) => p.key === key);
    form.setFieldsValue(preset ? { resolution: key, screenWidth: preset.width, screenHeight: preset.height } : { resolution: key });
    setDirty(true);
  };

  const required = [{ required: true, message: t('required') }];
  return (
    <Card
      title={wall ? wall.name : t('create')}
      extra={dirty ? <Tag color="warning">{t('unsaved')}</Tag> : null}
      data-wall-editor={wall?.id ?? 'new'}
    >
      <Editor>
        <Form<Values> form={form} name="wall" layout="vertical" initialValues={initial} onFinish={submit} onValuesChange={() => setDirty(true)} data-wall-form>
          {failure && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={failure} data-wall-save-error />}
          <Form.Item name="name" label={t('name')} rules={[...required, { whitespace: true, message: t('required') }]}>
            <Input maxLength={WALL_NAME_MAX} />
          </Form.Item>
          <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>{t('groupLayout')}</Divider>
          <Flex gap="1rem">
            <Form.Item name="rows" label={t('rows')} rules={required} {...half}>
              <InputNumber min={1} max={WALL_MAX_ROWS} precision={0} {...full} />
            </Form.Item>
            <Form.Item name="cols" label={t('cols')} rules={required} {...half}>
              <InputNumber min={1} max={WALL_MAX_COLS} precision={0} {...full} />
            </Form.Item>
          </Flex>
          <Form.Item label={t('resolution')} style={{ marginBottom: resolution === 'custom' ? '0.5rem' : undefined }}>
            <Segmented<ResolutionKey>
              value={resolution}
              onChange={pickResolution}
              options={[...RESOLUTION_PRESETS.map((p) => ({ value: p.key as ResolutionKey, label: `${p.width} × ${p.height}` })), { value: 'custom', label: t('custom') }]}
              data-wall-resolution
            />
          </Form.Item>
          <Form.Item name="resolution" hidden><Input /></Form.Item>
          <Flex gap="1rem" style={resolution === 'custom' ? undefined : { display: 'none' }}>
            <Form.Item name="screenWidth" label={t('screenWidth')} rules={required} {...half}>
              <InputNumber min={WALL_SCREEN_WIDTH_MIN} max={WALL_SCREEN_WIDTH_MAX} precision={0} {...full} />
            </Form.Item>
            <Form.Item name="screenHeight" label={t('screenHeight')} rules={required} {...half}>
              <InputNumber min={WALL_SCREEN_HEIGHT_MIN} max={WALL_SCREEN_HEIGHT_MAX} precision={0} {...full} />
            </Form.Item>
          </Flex>
          <Flex gap="1rem">
            <Form.Item name="bezelX" label={t('bezelX')} rules={required} {...half}>
              <InputNumber min={0} max={WALL_BEZEL_MAX} precision={0} {...full} />
            </Form.Item>
            <Form.Item name="bezelY" label={t('bezelY')} rules={required} {...half}>
              <InputNumber min={0} max={WALL_BEZEL_MAX} precision={0} {...full} />
            </Form.Item>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginTop: '-0.75rem' }}>{t('bezelHint')}</Typography.Paragraph>
          <Divider titlePlacement="start" plain>{t('groupRotation')}</Divider>
          <Form.Item name="templateIds" label={t('templates')} extra={templateIds.length ? t('templatesHint') : undefined}>
            <TemplateRotationInput choices={choices.data ?? []} loading={choices.isPending} defaultNames={(defaultMulti.data ?? []).map((r) => r.name)} />
          </Form.Item>
          <Flex gap="1rem">
            <Form.Item name="rotateSeconds" label={t('rotateSeconds')} rules={required} {...half}>
              <InputNumber min={WALL_ROTATE_MIN_S} max={WALL_ROTATE_MAX_S} precision={0} {...full} />
            </Form.Item>
            <Form.Item name="idleSeconds" label={t('idleSeconds')} rules={required} tooltip={t('idleHint')} {...half}>
              <InputNumber min={WALL_IDLE_MIN_S} max={WALL_IDLE_MAX_S} precision={0} {...full} />
            </Form.Item>
          </Flex>
          <Form.Item name="variables" label={t('variables')} extra={declared.length ? t('variablesHint') : undefined}>
            <VariablesInput declared={declared} projects={projects.data ?? []} />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={WALL_REMARK_MAX} rows={2} />
          </Form.Item>
          <Flex gap="0.5rem">
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-wall-save>{t('save')}</Button>
            {wall && (
              <Popconfirm title={t('confirmDelete', { name: wall.name })} okText={t('delete')} okButtonProps={{ danger: true }} cancelText={t('cancel')} onConfirm={remove}>
                <Button danger icon={<DeleteOutlined />} data-wall-delete>{t('delete')}</Button>
              </Popconfirm>
            )}
          </Flex>
        </Form>
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>{t('preview')}</Typography.Title>
          <WallGridPreview geometry={geometry} wallId={wall?.id} canvas={canvas} />
        </div>
      </Editor>
    </Card>
  );
}

/**
 * 视频墙 (/nv_system/nv_video_wall, issue 23): the walls on the left; the chosen (or a new) wall's
 * definition with its live preview on the right, and under it the wall's display tokens. The
 * chosen wall is the address's `?wall=` (a link from 墙体健康 opens it).
 */
export function WallAdminPage({ title }: { title: string }) {
  const { t } = useTranslation('admin', { keyPrefix: 'walls' });
  const rights = useRights();
  const canEdit = hasRight(rights, Right.ScreenEdit);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const param = new URLSearchParams(search).get('wall');
  const [creating, setCreating] = useState(false);
  const walls = useQuery({ queryKey: wallKeys.list, queryFn: ({ signal }) => fetchWalls(signal) });
  const list = walls.data ?? [];
  const chosenId = param && /^\d+$/.test(param) ? Number(param) : undefined;
  const chosen = creating ? null : list.find((w) => w.id === chosenId) ?? (chosenId === undefined ? list[0] ?? null : null);

  const select = (id: number | null) => {
    setCreating(id === null);
    navigate(id === null ? location : `${location}?wall=${id}`, { replace: true });
  };
  // An address naming a wall that is gone (deleted, or not visible) falls back to the first.
  useEffect(() => {
    if (walls.isSuccess && chosenId !== undefined && !list.some((w) => w.id === chosenId)) navigate(location, { replace: true });
  }, [walls.isSuccess, chosenId, list, location, navigate]);

  const editing = chosen ?? (creating || (walls.isSuccess && !list.length) ? null : undefined);
  return (
    <PagePanel data-walls-page>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        {walls.error && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={t('loadFailed', { error: errorText(walls.error) })} />}
        <Layout>
          <Card
            size="small"
            title={t('list')}
            extra={canEdit && <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => select(null)} data-wall-new>{t('create')}</Button>}
          >
            <Spin spinning={walls.isLoading}>
              {list.length ? (
                <WallEntries>
                  {list.map((w) => (
                    <li key={w.id}>
                      <button type="button" aria-current={chosen?.id === w.id} onClick={() => select(w.id)} data-wall-entry={w.name}>
                        <strong title={w.name}>{w.name}</strong>
                        <small>{t('layout', { rows: w.rows, cols: w.cols })} · {w.screenWidth} × {w.screenHeight}</small>
                      </button>
                    </li>
                  ))}
                </WallEntries>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={walls.isLoading ? ' ' : t('empty')} />
              )}
            </Spin>
          </Card>
          <Flex vertical gap="1rem" style={{ minWidth: 0 }}>
            {editing !== undefined && canEdit && (
              <WallEditor
                key={editing ? `${editing.id}-${editing.updatedAt}` : 'new'}
                wall={editing}
                onSaved={(w) => select(w.id)}
                onDeleted={() => {
                  setCreating(false);
                  navigate(location, { replace: true });
                }}
              />
            )}
            {editing === null && !list.length && !creating && <Typography.Text type="secondary">{t('emptyHint')}</Typography.Text>}
            {editing && (
              <Card title={t('tokens')} data-wall-tokens-card>
                <WallTokens wall={editing} canEdit={canEdit} />
              </Card>
            )}
          </Flex>
        </Layout>
      </PanelBody>
    </PagePanel>
  );
}
