import { Alert, Button, DatePicker, Drawer, Flex, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_STATUSES, MSISDN_PATTERN, type Card, type SaveCardBody } from '../../../../contract/cards';
import { ICCID_PATTERN } from '../../../../contract/device-admin';
import type { NameItem } from '../../../../contract/envelope';
import { errorText } from '../../../shared/errorText';
import { showFieldError } from '../kit/formErrors';
import { saveCard } from './cardApi';

interface Values {
  iccid: string;
  msisdn: string;
  orgId?: number;
  status: number;
  /** Empty: none chosen (undefined, so the select shows its placeholder and no clear button). */
  carrier?: string;
  planName: string;
  dataUsedMb: number;
  dataLimitMb: number;
  activatedAt: Dayjs | null;
  expiresAt: Dayjs | null;
  remark: string;
}
const FIELDS = ['iccid', 'msisdn', 'orgId', 'status', 'carrier', 'planName', 'dataUsedMb', 'dataLimitMb', 'activatedAt', 'expiresAt', 'remark'];
const CARRIERS = ['中国移动', '中国联通', '中国电信'];

/** Registers a card (card null) or edits one, sending the version it read (a stale save answers 409). */
export function CardFormDrawer({ card, orgs, onClose, onSaved }: {
  card: Card | null;
  orgs: readonly NameItem[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const initial: Values = card
    ? {
      iccid: card.iccid, msisdn: card.msisdn, orgId: card.orgId, status: card.status, carrier: card.carrier || undefined, planName: card.planName,
      dataUsedMb: card.dataUsedMb, dataLimitMb: card.dataLimitMb, activatedAt: card.activatedAt === null ? null : dayjs(card.activatedAt),
      expiresAt: card.expiresAt === null ? null : dayjs(card.expiresAt), remark: card.remark,
    }
    : { iccid: '', msisdn: '', status: 7, carrier: undefined, planName: '', dataUsedMb: 0, dataLimitMb: 0, activatedAt: null, expiresAt: null, remark: '' };

  const submit = async (v: Values) => {
    setSaving(true);
    setFailure(null);
    const body: SaveCardBody = {
      ...(card ? { id: card.id, version: card.version } : {}),
      iccid: v.iccid.trim(), msisdn: v.msisdn.trim(), orgId: v.orgId!, status: v.status as SaveCardBody['status'], carrier: (v.carrier ?? '').trim(),
      planName: v.planName.trim(), dataUsedMb: v.dataUsedMb ?? 0, dataLimitMb: v.dataLimitMb ?? 0,
      activatedAt: v.activatedAt ? v.activatedAt.startOf('day').valueOf() : null, expiresAt: v.expiresAt ? v.expiresAt.startOf('day').valueOf() : null,
      remark: v.remark.trim(),
    };
    try {
      await saveCard(body);
      onSaved();
    } catch (err) {
      if (!showFieldError(form, err, FIELDS)) setFailure(t('cards.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      size="32rem"
      title={card ? t('cards.editTitle', { iccid: card.iccid }) : t('cards.addTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={(
        <Flex justify="flex-end" gap="0.5rem">
          <Button onClick={onClose}>{t('cards.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-card-save>{t('cards.save')}</Button>
        </Flex>
      )}
    >
      {failure && <Alert type="error" showIcon style={{ marginBottom: '1rem' }} title={failure} />}
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} data-card-form>
        <Form.Item name="iccid" label={t('cards.iccid')} extra={t('cards.bindingHelp')}
          rules={[{ required: true, pattern: ICCID_PATTERN, message: t('cards.iccidRequired') }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="msisdn" label={t('cards.msisdn')} rules={[{ pattern: MSISDN_PATTERN, message: t('cards.msisdnPattern') }]}>
          <Input maxLength={16} />
        </Form.Item>
        <Form.Item name="orgId" label={t('cards.org')} rules={[{ required: true, message: t('cards.orgRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={orgs.map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>
        <Form.Item name="status" label={t('cards.status')} rules={[{ required: true }]}>
          <Select options={CARD_STATUSES.map((s) => ({ value: s, label: t(`cards.statuses.${s}`) }))} />
        </Form.Item>
        <Flex gap="1rem">
          <Form.Item name="carrier" label={t('cards.carrier')} style={{ flex: 1 }}>
            <Select allowClear options={CARRIERS.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="planName" label={t('cards.plan')} style={{ flex: 1 }}><Input maxLength={64} /></Form.Item>
        </Flex>
        <Flex gap="1rem">
          <Form.Item name="dataUsedMb" label={t('cards.used')} style={{ flex: 1 }}><InputNumber min={0} step={1} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="dataLimitMb" label={t('cards.limit')} extra={t('cards.limitHelp')} style={{ flex: 1 }}>
            <InputNumber min={0} step={100} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Flex gap="1rem">
          <Form.Item name="activatedAt" label={t('cards.activatedAt')} style={{ flex: 1 }}><DatePicker style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="expiresAt" label={t('cards.expiresAt')} style={{ flex: 1 }}><DatePicker style={{ width: '100%' }} /></Form.Item>
        </Flex>
        <Form.Item name="remark" label={t('cards.remark')}><Input.TextArea maxLength={200} rows={2} /></Form.Item>
      </Form>
    </Drawer>
  );
}
