import { Flex, Input, InputNumber, Segmented, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { DataType } from '../../../../../contract/enums';
import { mappingBits } from '../../../../../contract/measure-points';
import { parsePrintf, previewPrintf, type PrintfResult } from '../../../../../contract/measure-printf';
import { MEASURES_NS } from './measureStrings';
import { printfCell } from './sheet';

/**
 * The printf of one point: the raw value, a bit-label mapping (`0:滤网堵塞;1:风机故障`) or a
 * formula of the safe evaluator, with a live preview "value → text" for a value the user types and
 * the error at its character. Nothing is evaluated as JavaScript: contract/measure-printf parses.
 */

export type PrintfKind = 'none' | 'bits' | 'formula';

/** The kind a text is read as (contract/measure-printf's rule: `digits:` or `{` is a mapping). */
export function kindOf(text: string): PrintfKind {
  const t = text.trim();
  if (!t) return 'none';
  return /^\d+\s*[:：]/.test(t) || t.startsWith('{') ? 'bits' : 'formula';
}

/** A stored printf as the editor shows it (a mapping as `bit:label` text). */
export const printfText = (stored: string, dataType: DataType) => printfCell(stored, dataType);

/** The check of a printf for a data type (a mapping's bits fit the type). */
export const checkPrintf = (text: string, dataType: DataType): PrintfResult => parsePrintf(text, mappingBits(dataType));

const Code = styled(Input.TextArea)`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
`;

const Snippet = styled.code`
  display: block;
  margin-top: 0.25rem;
  padding: 0.25rem 0.5rem;
  border-radius: 0.25rem;
  background: ${({ theme }) => theme.dangerBg};
  white-space: pre-wrap;
  word-break: break-all;
  mark {
    background: ${({ theme }) => theme.danger};
    color: #fff;
    border-radius: 2px;
    padding: 0 1px;
  }
`;

const Preview = styled.div`
  padding: 0.5rem 0.75rem;
  border-radius: 0.375rem;
  border: 1px dashed ${({ theme }) => theme.surfaceBorder};
`;

/** The text around an error with the character at `position` marked (rendered as text, never HTML). */
function ErrorSnippet({ text, position }: { text: string; position: number }) {
  const start = Math.max(0, position - 24);
  const end = Math.min(text.length, position + 24);
  const at = text.slice(position, position + 1) || ' ';
  return (
    <Snippet data-testid="printf-error-snippet">
      {start > 0 ? '…' : ''}{text.slice(start, position)}<mark>{at}</mark>{text.slice(position + 1, end)}{end < text.length ? '…' : ''}
    </Snippet>
  );
}

const DEFAULT_PREVIEW: Record<PrintfKind, number> = { none: 12.5, bits: 3, formula: 25 };

export interface PrintfEditorProps {
  id?: string;
  /** The printf text (stored or as typed). */
  value: string;
  dataType: DataType;
  onChange(text: string): void;
  disabled?: boolean;
  /** A server's refusal of this printf (position into `value`), shown when the local check passes. */
  serverError?: { message: string; position?: number } | null;
}

export function PrintfEditor({ id, value, dataType, onChange, disabled, serverError }: PrintfEditorProps) {
  const { t, i18n } = useTranslation(MEASURES_NS);
  const en = i18n.language === 'en';
  const [kind, setKind] = useState<PrintfKind>(() => kindOf(value));
  const [sample, setSample] = useState<number | null>(DEFAULT_PREVIEW[kindOf(value)]);
  const bitsAllowed = mappingBits(dataType) > 0;
  const result = useMemo(() => checkPrintf(value, dataType), [value, dataType]);
  const shownKind = value.trim() ? kindOf(value) : kind;

  const pick = (next: PrintfKind) => {
    setKind(next);
    if (next !== kindOf(value)) onChange('');
    setSample(DEFAULT_PREVIEW[next]);
  };

  const error = !result.ok
    ? { message: en ? result.error.en : result.error.zh, position: result.error.position }
    : serverError ?? null;
  const preview = result.ok && sample !== null ? previewPrintf(result.printf, sample) : null;
  const bits = result.ok && result.printf.kind === 'bits' ? result.printf.bits : [];
  const whole = sample === null ? 0 : Math.trunc(sample);
  const hint = shownKind === 'bits' ? t('printfBitsHint') : shownKind === 'formula' ? t('printfFormulaHint') : t('printfNoneHint');

  return (
    <Flex vertical gap="0.5rem" data-testid="printf-editor">
      <Segmented<PrintfKind>
        aria-label={t('printfKind')}
        value={shownKind}
        disabled={disabled}
        onChange={pick}
        options={[
          { value: 'none', label: t('printfKindNone') },
          { value: 'bits', label: t('printfKindBits'), disabled: !bitsAllowed },
          { value: 'formula', label: t('printfKindFormula') },
        ]}
      />
      {shownKind !== 'none' && (
        <Code
          id={id}
          aria-label="printf"
          value={value}
          disabled={disabled}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={shownKind === 'bits' ? (en ? '0:Filter blocked;1:Fan fault' : '0:滤网堵塞;1:风机故障') : 'x / 10'}
          status={error ? 'error' : undefined}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: '0.8125rem' }}>
        {hint}
        {!bitsAllowed && shownKind !== 'bits' ? ` ${t('printfBitsOnlyFor', { dataType })}` : ''}
      </Typography.Text>
      {error && (
        <div role="alert">
          <Typography.Text type="danger">
            {error.position !== undefined ? `${t('errorAt', { at: error.position + 1 })}：` : ''}{error.message}
          </Typography.Text>
          {error.position !== undefined && value && <ErrorSnippet text={value} position={Math.min(error.position, value.length)} />}
        </div>
      )}
      <Preview>
        <Flex align="center" gap="0.75rem" wrap>
          <label htmlFor={id ? `${id}-preview` : undefined}>{t('previewValue')}</label>
          <InputNumber
            id={id ? `${id}-preview` : undefined}
            aria-label={t('previewValue')}
            value={sample}
            onChange={(v) => setSample(typeof v === 'number' ? v : null)}
            style={{ width: '9rem' }}
          />
          <Typography.Text strong data-testid="printf-preview">
            {preview !== null && sample !== null ? t('previewArrow', { value: sample, text: preview }) : '—'}
          </Typography.Text>
        </Flex>
        {bits.length > 0 && (
          <Flex gap="0.25rem" wrap style={{ marginTop: '0.5rem' }} aria-label={t('bit')}>
            {bits.map(([bit, label]) => {
              const set = ((whole >>> bit) & 1) === 1;
              return (
                <Tag.CheckableTag
                  key={bit}
                  checked={set}
                  onChange={() => setSample(((whole ^ (1 << bit)) >>> 0))}
                >
                  {bit}: {label}
                </Tag.CheckableTag>
              );
            })}
          </Flex>
        )}
      </Preview>
    </Flex>
  );
}
