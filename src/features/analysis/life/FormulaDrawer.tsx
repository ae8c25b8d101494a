import { Alert, Button, Drawer, Flex, Form, Input, InputNumber, Tooltip } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { LIFE_FORMULA_SAMPLE, LIFE_FORMULA_VARIABLES, type LifeVariable, type LifeVariables } from '../../../../contract/analysis/life-formula';
import { EXPRESSION_FUNCTIONS } from '../../../../contract/expression';
import type { LifeFormula, LifeFormulaTestResult } from '../../../../contract/life';
import { errorText } from '../../../shared/errorText';
import { showFieldError } from '../../admin/kit/formErrors';
import { Muted } from '../environment/envShared';
import { saveFormula, testFormula } from './lifeApi';
import { useLifeText } from './lifeShared';

const VARIABLES = Object.keys(LIFE_FORMULA_VARIABLES) as LifeVariable[];

const Vars = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
  margin-bottom: 0.5rem;
`;

const VarButton = styled.button`
  padding: 0.125rem 0.5rem;
  border-radius: 0.25rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: transparent;
  color: ${({ theme }) => theme.accentText};
  font: 0.8125rem ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.primary};
  }
`;

const Samples = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 0.5rem 1rem;
  label {
    display: block;
    font-size: 0.75rem;
    color: ${({ theme }) => theme.textMuted};
    margin-bottom: 0.125rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

const Source = styled.pre`
  margin: 0.5rem 0 0;
  padding: 0.5rem 0.75rem;
  border-radius: 0.25rem;
  background: rgba(0, 0, 0, 0.15);
  white-space: pre-wrap;
  word-break: break-all;
  font: 0.875rem ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  mark {
    background: #ff4d4f;
    color: #fff;
    border-radius: 2px;
    padding: 0 1px;
  }
`;

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

interface Values { name: string; source: string; remark: string }

/** The source with the character at `position` marked (a space past the end). */
function Marked({ source, position }: { source: string; position: number }) {
  return (
    <Source data-testid="formula-error-source">
      {source.slice(0, position)}<mark>{source[position] ?? ' '}</mark>{source.slice(position + 1)}
    </Source>
  );
}

/**
 * A life formula's editor (formula null: a new one): its name and source, the variables it may
 * use (a click inserts one at the cursor), sample values and a test run by the server's evaluator
 * with the used life or the error pointing at its character; saving a formula that cannot run on
 * the samples answers 400 on the source.
 */
export function FormulaDrawer({ formula, onClose, onSaved }: { formula: LifeFormula | null; onClose: () => void; onSaved: (f: LifeFormula) => void }) {
  const { t, lang } = useLifeText();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sample, setSample] = useState<Required<LifeVariables>>({ ...LIFE_FORMULA_SAMPLE });
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ source: string; r: LifeFormulaTestResult } | { source: string; failed: string } | null>(null);
  const caret = useRef<{ start: number; end: number } | null>(null);
  const source = Form.useWatch('source', form) ?? formula?.source ?? '';

  const remember = (e: { currentTarget: HTMLTextAreaElement }) => {
    caret.current = { start: e.currentTarget.selectionStart, end: e.currentTarget.selectionEnd };
  };
  const insert = (name: string) => {
    const current: string = form.getFieldValue('source') ?? '';
    const { start, end } = caret.current ?? { start: current.length, end: current.length };
    form.setFieldValue('source', current.slice(0, start) + name + current.slice(end));
    caret.current = { start: start + name.length, end: start + name.length };
  };
  const runTest = async () => {
    const text: string = form.getFieldValue('source') ?? '';
    setTesting(true);
    try {
      setResult({ source: text, r: await testFormula(text, sample) });
    } catch (err) {
      setResult({ source: text, failed: errorText(err) });
    } finally {
      setTesting(false);
    }
  };
  const submit = async (v: Values) => {
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await saveFormula({ ...(formula ? { id: formula.id, version: formula.version } : {}), name: v.name.trim(), source: v.source, remark: (v.remark ?? '').trim() }));
    } catch (err) {
      if (!showFieldError(form, err, ['name', 'source', 'remark'])) setFailure(t('saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  const outcome = result && 'r' in result ? result.r : null;
  return (
    <Drawer
      open
      size="48rem"
      destroyOnHidden
      title={formula ? t('editFormula', { name: formula.name }) : t('addFormula')}
      onClose={onClose}
      footer={(
        <Flex justify="flex-end" gap="0.5rem">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-formula-save>{t('save')}</Button>
        </Flex>
      )}
    >
      {failure && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={failure} />}
      <Form<Values> form={form} layout="vertical" onFinish={submit} data-formula-form
        initialValues={{ name: formula?.name ?? '', source: formula?.source ?? '', remark: formula?.remark ?? '' }}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required') }]}><Input maxLength={60} /></Form.Item>
        <Form.Item label={t('variables')} extra={t('variablesHelp')} style={{ marginBottom: '0.75rem' }}>
          <Vars>
            {VARIABLES.map((v) => (
              <Tooltip key={v} title={`${LIFE_FORMULA_VARIABLES[v][lang]}${LIFE_FORMULA_VARIABLES[v].unit ? ` (${LIFE_FORMULA_VARIABLES[v].unit})` : ''}`}>
                <VarButton type="button" onClick={() => insert(v)} data-variable={v}>{v}</VarButton>
              </Tooltip>
            ))}
          </Vars>
          <Muted>{t('functions', { names: Object.keys(EXPRESSION_FUNCTIONS).join(', ') })}</Muted>
        </Form.Item>
        <Form.Item name="source" label={t('source')} rules={[{ required: true, message: t('required') }]}>
          <Input.TextArea rows={3} maxLength={500} style={mono} onSelect={remember} onKeyUp={remember} onClick={remember} aria-label={t('source')} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}><Input.TextArea maxLength={200} rows={2} /></Form.Item>
      </Form>
      <h3 style={{ fontSize: '0.9375rem', margin: '0.5rem 0 0.75rem' }}>{t('sample')}</h3>
      <Samples>
        {VARIABLES.map((v) => (
          <div key={v}>
            <label htmlFor={`sample-${v}`} title={LIFE_FORMULA_VARIABLES[v][lang]}>
              <span style={mono}>{v}</span> · {LIFE_FORMULA_VARIABLES[v][lang]}{LIFE_FORMULA_VARIABLES[v].unit ? ` (${LIFE_FORMULA_VARIABLES[v].unit})` : ''}
            </label>
            <InputNumber id={`sample-${v}`} size="small" style={{ width: '100%' }} value={sample[v]}
              onChange={(x) => setSample((s) => ({ ...s, [v]: typeof x === 'number' ? x : LIFE_FORMULA_SAMPLE[v] }))} />
          </div>
        ))}
      </Samples>
      <Flex align="center" gap="0.75rem" style={{ margin: '1rem 0' }}>
        <Button icon={<ExperimentOutlined />} loading={testing} disabled={!source.trim()} onClick={runTest} data-formula-test>{testing ? t('testing') : t('test')}</Button>
      </Flex>
      {outcome?.ok && (
        <Alert type="success" showIcon data-testid="formula-test-result"
          title={t('testOk', { percent: outcome.usedPercent.toFixed(1) })}
          description={outcome.uses.length ? t('testUses', { names: outcome.uses.join(', ') }) : undefined} />
      )}
      {outcome && !outcome.ok && (
        <Alert type="error" showIcon data-testid="formula-test-error"
          title={lang === 'zh' ? outcome.errorZh : outcome.error}
          description={outcome.position !== null && result ? <Marked source={result.source} position={outcome.position} /> : undefined} />
      )}
      {result && 'failed' in result && <Alert type="error" showIcon title={result.failed} data-testid="formula-test-error" />}
    </Drawer>
  );
}
