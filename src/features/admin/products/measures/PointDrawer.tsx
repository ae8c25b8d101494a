import { Alert, AutoComplete, Button, Col, Divider, Drawer, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionType } from '../../../../../contract/conditions';
import { DATA_TYPES, ModbusCode, RegisterAccess, type DataType } from '../../../../../contract/enums';
import {
  ACCESS_BY_CODE, checkPoint, checkTable, hasLength, isRangeCondition, MAX_REGISTER_ADDRESS, MAX_STRING_REGISTERS, registerWidth,
  type MeasureProblem, type TablePoint,
} from '../../../../../contract/measure-points';
import type { MeasureGroup } from '../../../../../contract/resources/measure-group';
import type { MeasureTagRow } from '../../../../../contract/resources/measure-tag';
import { rowToInput, type DraftRow, type PointValues } from './draft';
import { conditionSymbol, enumOptions } from './measureLabels';
import { MEASURES_NS, type MeasureLang } from './measureStrings';
import { PrintfEditor, printfText } from './PrintfEditor';

/**
 * The drawer of one point (新增 / 编辑 / 复制): every field checked as it is typed by the contract's
 * rules (checkPoint), and the point against the rest of the table (checkTable: overlapping
 * registers, a name used twice) so conflicts show before the save. 确定 puts the point in the page's
 * draft; the page saves the table as a whole.
 */

export interface PointDrawerProps {
  open: boolean;
  /** The point's values when the drawer opened; a new point's defaults. */
  initial: PointValues;
  /** Its place in the table: a new point goes last (rows.length). */
  index: number;
  /** The edited row's key (absent: a new row). */
  editing?: string;
  rows: readonly DraftRow[];
  groups: readonly MeasureGroup[];
  tags: readonly MeasureTagRow[];
  readOnly: boolean;
  title: string;
  onApply(values: PointValues): void;
  onClose(): void;
}

const FIELD_ID = (field: string) => `measure-${field}`;
/** Which field's input shows a problem of `field`. */
const inputOf = (field: string) => (field === 'groupId' || field === 'groupName' ? 'group' : field);

const asTablePoint = (r: PointValues, row: number): TablePoint => ({
  row, name: r.name.trim(), measureType: r.measureType, dataType: r.dataType, length: r.length, modbusCode: r.modbusCode,
  registerAddr: r.registerAddr,
});

const problemKey = (p: MeasureProblem) => `${p.row}|${p.code}|${p.message}`;

export function PointDrawer(props: PointDrawerProps) {
  return props.open ? <PointDrawerBody {...props} /> : <Drawer open={false} />;
}

function PointDrawerBody({ open, initial, index, editing, rows, groups, tags, readOnly, title, onApply, onClose }: PointDrawerProps) {
  const { t, i18n } = useTranslation(MEASURES_NS);
  const lang: MeasureLang = i18n.language === 'en' ? 'en' : 'zh';
  const [values, setValues] = useState<PointValues>(() => ({ ...initial, printf: printfText(initial.printf, initial.dataType) }));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);

  const set = (patch: Partial<PointValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setTouched((s) => new Set([...s, ...Object.keys(patch)]));
  };

  const own = useMemo(() => checkPoint(rowToInput(values, groups), index), [values, groups, index]);
  const others = useMemo(() => rows.flatMap((r, i) => (r.key === editing ? [] : [asTablePoint(r, i)])), [rows, editing]);
  // The table's problems this point brings: those with it that the others do not have alone.
  const before = useMemo(() => new Set(checkTable(others).map(problemKey)), [others]);
  const conflicts = useMemo(
    () => (own.point ? checkTable([...others, asTablePoint(values, index)]).filter((p) => !before.has(problemKey(p))) : []),
    [own.point, others, values, index, before],
  );

  const message = (p: MeasureProblem) => (lang === 'en' ? p.messageEn : p.message);
  const fieldProblem = (field: string) => {
    if (!tried && !touched.has(field) && field !== 'printf') return undefined;
    const p = own.problems.find((x) => inputOf(x.field) === field) ?? conflicts.find((x) => inputOf(x.field) === field);
    return p;
  };
  const item = (field: string, label: string, input: ReactNode, extra?: ReactNode, required = false) => {
    const p = fieldProblem(field);
    return (
      <Form.Item
        label={label}
        htmlFor={FIELD_ID(field)}
        required={required}
        validateStatus={p ? (own.problems.includes(p) ? 'error' : 'warning') : undefined}
        help={p ? message(p) : undefined}
        extra={extra}
      >
        {input}
      </Form.Item>
    );
  };

  const apply = () => {
    setTried(true);
    if (!own.point) return;
    onApply({ ...values, name: own.point.fields.name, unit: own.point.fields.unit, group: values.group.trim(), printf: own.point.printf });
  };

  const onCode = (modbusCode: number) => {
    const patch: Partial<PointValues> = { modbusCode };
    // Coils and discrete inputs address bits; read-only codes take read-only access.
    if ((modbusCode === ModbusCode.Coil || modbusCode === ModbusCode.DiscreteInput) && values.dataType !== 'Boolean') {
      Object.assign(patch, { dataType: 'Boolean', length: null, decimals: 0 });
    }
    if (!ACCESS_BY_CODE[modbusCode].includes(values.access)) patch.access = RegisterAccess.ReadOnly;
    set(patch);
  };
  const onDataType = (dataType: DataType) => {
    const patch: Partial<PointValues> = { dataType };
    if (hasLength(dataType)) Object.assign(patch, { length: values.length ?? 1, decimals: 0 });
    else patch.length = null;
    set(patch);
  };
  const onCondition = (type: number | undefined) => {
    const conditionType = type ?? null;
    const patch: Partial<PointValues> = { conditionType };
    if (conditionType === null) Object.assign(patch, { conditionVal1: null, conditionVal2: null, alarmEnabled: 0 });
    else {
      if (values.conditionType === null) patch.alarmEnabled = 1;
      if (conditionType === ConditionType.Bitwise) Object.assign(patch, { conditionVal1: null, conditionVal2: null });
      else if (!isRangeCondition(conditionType)) patch.conditionVal2 = null;
    }
    set(patch);
  };
  const onTag = (tagId: number | undefined) => {
    const tag = tags.find((x) => x.id === tagId);
    set({ tagId: tagId ?? null, ...(tag && !values.unit ? { unit: tag.unit } : {}) });
  };

  const width = registerWidth(values.dataType, values.length);
  const last = values.registerAddr + width - 1;
  const widthHint = !Number.isFinite(values.registerAddr) ? undefined : width === 1
    ? t('widthHintOne', { first: values.registerAddr })
    : t('widthHint', { first: values.registerAddr, last, count: width });
  const groupNames = [...new Set([...groups.map((g) => g.name), ...rows.map((r) => r.group).filter(Boolean)])];
  const typed = values.group.trim();
  const groupOptions = [
    ...groupNames.filter((n) => !typed || n.toLowerCase().includes(typed.toLowerCase())).map((n) => ({ value: n, label: n })),
    ...(typed && !groupNames.includes(typed) ? [{ value: typed, label: t('newGroup', { name: typed }) }] : []),
  ];
  const bitsOnly = values.modbusCode === ModbusCode.Coil || values.modbusCode === ModbusCode.DiscreteInput;
  const condition = values.conditionType;
  const needsVal1 = condition !== null && condition !== ConditionType.Bitwise;
  const needsVal2 = condition !== null && isRangeCondition(condition);
  const num = (v: number | string | null) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

  return (
    <Drawer
      open={open}
      title={title}
      size={760}
      onClose={onClose}
      destroyOnHidden
      data-testid="measure-point-drawer"
      footer={(
        <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>{readOnly ? t('readOnly') : t('applyHint')}</Typography.Text>
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            {!readOnly && <Button type="primary" onClick={apply}>{t('apply')}</Button>}
          </Space>
        </Space>
      )}
    >
      <Form layout="vertical" disabled={readOnly} component="div">
        {conflicts.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: '1rem' }}
            title={t('tableWarn')}
            description={conflicts.map((p) => <div key={problemKey(p)}>{message(p)}</div>)}
          />
        )}
        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>{t('sectionBasic')}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            {item('name', t('field.name'), (
              <Input id={FIELD_ID('name')} value={values.name} maxLength={64} onChange={(e) => set({ name: e.target.value })} autoFocus />
            ), undefined, true)}
          </Col>
          <Col span={12}>
            {item('group', t('field.group'), (
              <AutoComplete
                id={FIELD_ID('group')}
                value={values.group}
                options={groupOptions}
                onChange={(v: string) => set({ group: v ?? '' })}
                placeholder={t('groupPlaceholder')}
                allowClear
              />
            ))}
          </Col>
          <Col span={8}>
            {item('measureType', t('field.measureType'), (
              <Select id={FIELD_ID('measureType')} value={values.measureType} options={enumOptions('measureType', lang)} onChange={(v: number) => set({ measureType: v })} />
            ))}
          </Col>
          <Col span={8}>
            {item('tagId', t('field.tagId'), (
              <Select
                id={FIELD_ID('tagId')}
                value={values.tagId ?? undefined}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('tagPlaceholder')}
                options={tags.map((x) => ({ value: x.id, label: x.unit ? `${x.name} (${x.unit})` : x.name }))}
                onChange={(v?: number) => onTag(v)}
              />
            ))}
          </Col>
          <Col span={8}>
            {item('unit', t('field.unit'), (
              <Input id={FIELD_ID('unit')} value={values.unit} maxLength={32} onChange={(e) => set({ unit: e.target.value })} />
            ))}
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>{t('sectionRegister')}</Divider>
        <Row gutter={16}>
          <Col span={7}>
            {item('modbusCode', t('field.modbusCode'), (
              <Select
                id={FIELD_ID('modbusCode')}
                value={values.modbusCode}
                options={enumOptions('modbusCode', lang).map((o) => ({ value: o.value, label: `${String(o.value).padStart(2, '0')} ${o.label}` }))}
                onChange={onCode}
              />
            ))}
          </Col>
          <Col span={5}>
            {item('dataType', t('field.dataType'), (
              <Select
                id={FIELD_ID('dataType')}
                value={values.dataType}
                options={DATA_TYPES.map((d) => ({ value: d, label: d, disabled: bitsOnly && d !== 'Boolean' }))}
                onChange={onDataType}
              />
            ))}
          </Col>
          <Col span={6}>
            {item('access', t('field.access'), (
              <Select
                id={FIELD_ID('access')}
                value={values.access}
                options={enumOptions('access', lang).map((o) => ({ ...o, disabled: !ACCESS_BY_CODE[values.modbusCode]?.includes(o.value) }))}
                onChange={(v: number) => set({ access: v })}
              />
            ))}
          </Col>
          <Col span={6}>
            {item('registerAddr', t('field.registerAddr'), (
              <InputNumber
                id={FIELD_ID('registerAddr')}
                value={values.registerAddr}
                min={0}
                max={MAX_REGISTER_ADDRESS}
                precision={0}
                style={{ width: '100%' }}
                onChange={(v) => set({ registerAddr: num(v) ?? Number.NaN })}
              />
            ), widthHint, true)}
          </Col>
          {hasLength(values.dataType) && (
            <Col span={6}>
              {item('length', t('field.length'), (
                <InputNumber
                  id={FIELD_ID('length')}
                  value={values.length}
                  min={1}
                  max={MAX_STRING_REGISTERS}
                  precision={0}
                  style={{ width: '100%' }}
                  onChange={(v) => set({ length: num(v) })}
                />
              ), undefined, true)}
            </Col>
          )}
        </Row>

        <Divider titlePlacement="start" plain>{t('sectionAlarm')}</Divider>
        <Row gutter={16}>
          <Col span={7}>
            {item('conditionType', t('field.conditionType'), (
              <Select
                id={FIELD_ID('conditionType')}
                value={condition ?? undefined}
                allowClear
                placeholder={t('conditionNone')}
                options={enumOptions('condition', lang).map((o) => ({
                  value: o.value,
                  label: o.value === ConditionType.Bitwise ? o.label : `${o.label}（${conditionSymbol(o.value, lang)}）`,
                }))}
                onChange={(v?: number) => onCondition(v)}
              />
            ))}
          </Col>
          <Col span={4}>
            {item('conditionVal1', t('field.conditionVal1'), (
              <InputNumber
                id={FIELD_ID('conditionVal1')}
                value={values.conditionVal1}
                disabled={readOnly || !needsVal1}
                style={{ width: '100%' }}
                onChange={(v) => set({ conditionVal1: num(v) })}
              />
            ), undefined, needsVal1)}
          </Col>
          <Col span={4}>
            {item('conditionVal2', t('field.conditionVal2'), (
              <InputNumber
                id={FIELD_ID('conditionVal2')}
                value={values.conditionVal2}
                disabled={readOnly || !needsVal2}
                style={{ width: '100%' }}
                onChange={(v) => set({ conditionVal2: num(v) })}
              />
            ), undefined, needsVal2)}
          </Col>
          <Col span={5}>
            {item('warnLevel', t('field.warnLevel'), (
              <Select id={FIELD_ID('warnLevel')} value={values.warnLevel} options={enumOptions('warnLevel', lang)} onChange={(v: number) => set({ warnLevel: v })} />
            ))}
          </Col>
          <Col span={4}>
            {item('alarmEnabled', t('field.alarmEnabled'), (
              <Switch id={FIELD_ID('alarmEnabled')} checked={values.alarmEnabled === 1} onChange={(on) => set({ alarmEnabled: on ? 1 : 0 })} />
            ))}
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>{t('sectionDisplay')}</Divider>
        <Row gutter={16}>
          <Col span={8}>
            {item('decimals', t('field.decimals'), (
              <InputNumber
                id={FIELD_ID('decimals')}
                value={values.decimals}
                min={0}
                max={6}
                precision={0}
                disabled={readOnly || hasLength(values.dataType)}
                style={{ width: '100%' }}
                onChange={(v) => set({ decimals: num(v) ?? 0 })}
              />
            ))}
          </Col>
          <Col span={8}>
            {item('minValue', t('field.minValue'), (
              <InputNumber id={FIELD_ID('minValue')} value={values.minValue} style={{ width: '100%' }} onChange={(v) => set({ minValue: num(v) })} />
            ))}
          </Col>
          <Col span={8}>
            {item('maxValue', t('field.maxValue'), (
              <InputNumber id={FIELD_ID('maxValue')} value={values.maxValue} style={{ width: '100%' }} onChange={(v) => set({ maxValue: num(v) })} />
            ))}
          </Col>
          <Col span={24}>
            <Form.Item label={t('field.printf')} htmlFor={FIELD_ID('printf')}>
              <PrintfEditor
                id={FIELD_ID('printf')}
                value={values.printf}
                dataType={values.dataType}
                disabled={readOnly}
                onChange={(printf) => set({ printf })}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
