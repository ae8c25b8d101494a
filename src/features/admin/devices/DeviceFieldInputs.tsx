import { CheckCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ICCID_PATTERN, IOT_ID_PATTERN } from '../../../../contract/device-admin';
import { errorText } from '../../../shared/errorText';
import type { FieldInputProps, FieldInputs } from '../kit/ResourceFormDrawer';
import { fetchProjectGateways, isValueTaken } from './deviceApi';

/** How long typing must pause before the uniqueness check asks the server. */
export const CHECK_DEBOUNCE_MS = 400;

type Control = { id?: string; value?: unknown; onChange?(value: unknown): void };
type CheckState = 'idle' | 'checking' | 'free' | 'taken';

/**
 * The IoT id or ICCID input, checked while typing (debounced, the last answer for the value shown
 * wins): a value another device uses is marked on the field at once, before saving; a free one
 * shows a tick. Values of the wrong form are not asked about (the save says what is wrong).
 */
function UniqueValueInput({ field, row, sources: _sources, ...props }: FieldInputProps) {
  const { t } = useTranslation('admin');
  const form = Form.useFormInstance();
  const { id, value, onChange } = props as Control;
  const text = typeof value === 'string' ? value.trim() : '';
  const what = field.name === 'iotId' ? 'iotid' : 'iccid';
  const pattern = field.name === 'iotId' ? IOT_ID_PATTERN : ICCID_PATTERN;
  const checkable = text !== '' && pattern.test(text);
  const [state, setState] = useState<{ value: string; state: CheckState }>({ value: '', state: 'idle' });

  useEffect(() => {
    if (!checkable) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ value: text, state: 'checking' });
      isValueTaken(what, row?.id ?? 0, text, controller.signal).then((taken) => {
        setState({ value: text, state: taken ? 'taken' : 'free' });
        form.setFields([{ name: field.name, errors: taken ? [t(what === 'iotid' ? 'devices.iotIdTaken' : 'devices.iccidTaken')] : [] }]);
      }, (err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ value: text, state: 'idle' });
        form.setFields([{ name: field.name, warnings: [t('devices.checkFailed', { error: errorText(err) })] }]);
      });
    }, CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [checkable, text, what, row?.id, field.name, form, t]);

  const shown = checkable && state.value === text ? state.state : 'idle';
  const suffix = shown === 'checking' ? <LoadingOutlined aria-label={t('devices.checking')} />
    : shown === 'free' ? <CheckCircleOutlined style={{ color: 'var(--ant-color-success)' }} aria-label={t('devices.available')} title={t('devices.available')} />
      : <span />;
  return <Input id={id} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange?.(e.target.value)} suffix={suffix} data-check={shown} />;
}

/** The gateway of the device: one of its project's, read when the project is chosen (cleared when the project changes). */
function GatewaySelect({ field: _field, row: _row, sources: _sources, ...props }: FieldInputProps) {
  const { t } = useTranslation('admin');
  const form = Form.useFormInstance();
  const { id, value, onChange } = props as Control;
  const projectId = Form.useWatch('projectId', form) as number | null | undefined;
  const gateways = useQuery({
    queryKey: ['resource', 't_device', 'gateways', projectId],
    queryFn: ({ signal }) => fetchProjectGateways(projectId!, signal),
    enabled: typeof projectId === 'number',
    staleTime: 30_000,
  });
  const list = gateways.data;
  useEffect(() => {
    // Another project's gateway cannot stay chosen.
    if (value != null && (projectId == null || (list && !list.some((g) => g.id === value)))) onChange?.(null);
  }, [projectId, list, value, onChange]);
  return (
    <Select
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      disabled={typeof projectId !== 'number'}
      loading={gateways.isFetching}
      placeholder={typeof projectId !== 'number' ? t('devices.pickProjectFirst') : list && !list.length ? t('devices.noGateway') : undefined}
      options={(list ?? []).map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}

/** The installation day as a date picker; stored as the epoch ms of the day's start. */
function InstallDateInput({ field: _field, row: _row, sources: _sources, ...props }: FieldInputProps) {
  const { t } = useTranslation('admin');
  const { id, value, onChange } = props as Control;
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      placeholder={t('devices.datePlaceholder')}
      value={typeof value === 'number' ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.startOf('day').valueOf() : null)}
    />
  );
}

/** The device form's own inputs (ResourceFormDrawer `fieldInputs`). */
export const DEVICE_FIELD_INPUTS: FieldInputs = {
  iotId: UniqueValueInput,
  iccid: UniqueValueInput,
  gatewayId: GatewaySelect,
  installDate: InstallDateInput,
};
