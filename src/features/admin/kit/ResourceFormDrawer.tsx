import { LoadingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDefinition } from '../../../../contract/resources/kit';
import { ApiRequestError } from '../../../shared/http';
import { fieldErrorOf, formInput, issuesToFieldErrors, type FieldError, type IssueText } from './formErrors';
import { ImageUpload } from './ImageUpload';
import { fetchRow, saveRow, type ResourceRow } from './resourceApi';
import { resourceKey } from './resourceStrings';
import type { OptionSources } from './useOptionSources';
import { errorText } from '../../../shared/errorText';

/**
 * What a page's own input for a field receives (roles that depend on the chosen organisation, a
 * login name checked as it is typed): Form.Item's `id`, `value` and `onChange`, and the record.
 */
export type FieldInputProps = { field: FieldDef; sources: OptionSources; row?: ResourceRow } & Record<string, unknown>;

/** A page's own inputs, by field name, in place of the kit's for that field's kind. */
export type FieldInputs = Readonly<Record<string, ComponentType<FieldInputProps>>>;

interface Props {
  def: ResourceDefinition;
  /** The record to change; absent: a new one. */
  row?: ResourceRow;
  /** A new record's starting values (fields the page already knows). */
  defaults?: Readonly<Record<string, unknown>>;
  open: boolean;
  sources: OptionSources;
  fieldInputs?: FieldInputs;
  onClose(): void;
  /** After the closing animation: the caller may unmount it. */
  onClosed(): void;
}

// The spinner says nothing a screen reader needs; left in the name, the button read "loading 保存".
const BUSY = { icon: <LoadingOutlined aria-hidden /> };

const statusOf = (err: unknown) => (err instanceof ApiRequestError ? err.status : 0);

/** One input; Form.Item hands it `id`, `value` (or `checked`) and `onChange`, passed on as they are. */
function FieldInput({ field, sources, row, ...control }: FieldInputProps) {
  const { t } = useTranslation('admin');
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} {...control} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...control} />;
    case 'switch':
      return <Switch {...control} />;
    case 'select':
      return <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={sources.options('fields', field)} {...control} />;
    case 'multiselect':
      return <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={sources.options('fields', field)} {...control} />;
    case 'password':
      return <Input.Password autoComplete="new-password" placeholder={storedHint(field, row, t)} {...control} />;
    case 'image':
      return <ImageUpload {...(control as { id?: string; value?: string; onChange?(path: string): void })} />;
    default:
      return <Input {...control} />;
  }
}

/** 已设置 on a write-only field whose record holds a value (its `storedFlag`). */
function storedHint(field: FieldDef, row: ResourceRow | undefined, t: (key: string) => string): string | undefined {
  return field.storedFlag && row?.[field.storedFlag] === true ? t('kit.storedSecret') : undefined;
}

/** The second input of a `password` field: the same text again. */
const confirmName = (name: string) => `${name}$confirm`;

/**
 * The form of one record, its inputs from the definition's fields (one for new records only is
 * left out of a change; a password is asked twice; a page may put its own input for a field).
 * Checked on submit with the definition's save schema; the server's answer to a field
 * (`body.name: …`) lands on that field, and a save over someone else's change (409) offers to
 * load the record as it is now.
 */
export function ResourceFormDrawer({ def, row, defaults, open, sources, fieldInputs, onClose, onClosed }: Props) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [version, setVersion] = useState(row?.version);
  const [saving, setSaving] = useState(false);
  const fields = useMemo(() => def.fields.filter((f) => !(row && f.insertOnly)), [def, row]);
  const fieldNames = useMemo(() => fields.map((f) => f.name), [fields]);
  const initialValues = useMemo(
    () => Object.fromEntries(fields.map((f) => [f.name, row ? row[f.name] : defaults?.[f.name] ?? (f.kind === 'switch' ? false : undefined)])),
    [fields, row, defaults],
  );
  const issueText: IssueText = (key, values) => t(`validation.${key}`, values);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', def.name] });

  const showErrors = (errors: readonly FieldError[]) =>
    form.setFields(fieldNames.map((name) => ({ name, errors: errors.filter((e) => e.field === name).map((e) => e.message) })));

  const reload = async () => {
    try {
      const fresh = await fetchRow(def, row!.id);
      form.setFieldsValue(Object.fromEntries(fieldNames.map((n) => [n, fresh[n]])));
      setVersion(fresh.version);
      showErrors([]);
      message.info(t('kit.reloaded'));
    } catch (err) {
      if (statusOf(err) !== 404) return void message.error(t('kit.loadFailed', { error: errorText(err) }));
      message.error(t('kit.rowGone'));
      await refresh();
      onClose();
    }
  };

  const submit = async () => {
    const parsed = def.save.safeParse(formInput(form.getFieldsValue(fieldNames), def.save.shape), { reportInput: true });
    if (!parsed.success) return showErrors(issuesToFieldErrors(parsed.error.issues, fieldNames, issueText));
    showErrors([]);
    setSaving(true);
    try {
      await saveRow(def, row ? { ...parsed.data, id: row.id, version } : parsed.data);
      message.success(t('kit.saved'));
      await refresh();
      onClose();
    } catch (err) {
      if (statusOf(err) === 409 && row) {
        modal.confirm({ title: t('kit.staleTitle'), content: t('kit.staleText'), okText: t('kit.reloadRow'), cancelText: t('kit.cancel'), onOk: reload });
        return;
      }
      const onField = fieldErrorOf(err, fieldNames);
      if (onField) showErrors([onField]);
      else message.error(t('kit.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  const noun = t(resourceKey(def, 'noun'));
  return (
    <Drawer
      open={open}
      title={t(row ? 'kit.editTitle' : 'kit.addTitle', { noun })}
      size="30rem"
      onClose={onClose}
      afterOpenChange={(visible) => !visible && onClosed()}
      footer={(
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('kit.cancel')}</Button>
          <Button type="primary" loading={saving && BUSY} onClick={() => form.submit()}>{t('kit.save')}</Button>
        </Space>
      )}
    >
      <Form
        form={form}
        name={`resource-${def.name}`}
        layout="vertical"
        initialValues={initialValues}
        onFinish={() => void submit()}
        onValuesChange={(changed: Record<string, unknown>) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))}
      >
        {fields.map((f) => {
          const Control = fieldInputs?.[f.name] ?? FieldInput;
          const label = t(resourceKey(def, 'fields', f.name));
          return [
            <Form.Item
              key={f.name}
              name={f.name}
              label={label}
              extra={f.help ? t(resourceKey(def, 'help', f.name)) : undefined}
              valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
            >
              <Control field={f} sources={sources} row={row} />
            </Form.Item>,
            f.kind === 'password' && (
              <Form.Item
                key={confirmName(f.name)}
                name={confirmName(f.name)}
                label={t('kit.confirmPassword', { label })}
                dependencies={[f.name]}
                rules={[({ getFieldValue }) => ({
                  validator: (_rule: unknown, value: unknown) => ((value ?? '') === (getFieldValue(f.name) ?? '')
                    ? Promise.resolve() : Promise.reject(new Error(t('kit.passwordMismatch')))),
                })]}
              >
                <Input.Password autoComplete="new-password" placeholder={storedHint(f, row, t)} />
              </Form.Item>
            ),
          ];
        })}
        {/* Lets Enter in an input save: a form of several inputs and no submit button ignores it. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
