import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameItem } from '../../../../contract/envelope';
import { LOG_ACTIONS } from '../../../../contract/logs';
import type { Text } from '../../../../contract/resources/kit';
import { apiGet } from '../../../shared/http';
import { fetchNames } from '../kit/resourceApi';

type Filters = Record<string, string | undefined>;

interface Props {
  /** 我的日志 has no user filter. */
  mine: boolean;
  /** The filters in force (from the address). */
  filters: Readonly<Record<string, string>>;
  onChange(filters: Filters): void;
}

const toDay = (ms: string | undefined): Dayjs | null => (ms ? dayjs(Number(ms)) : null);

/**
 * The log lists' filters: action, time range and (everyone's log) user apply when chosen, the
 * target keyword on Enter or 查询; 重置 clears all. Remount it (key) when the address's filters change.
 */
export function LogFilterBar({ mine, filters, onChange }: Props) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language === 'en' ? 'en' : 'zh';
  const [draft, setDraft] = useState<Filters>(filters);
  const actions = useQuery({
    queryKey: ['log', 'actions'],
    queryFn: ({ signal }) => apiGet<{ value: string; label: Text }[]>('/t_history_log/action', undefined, signal),
    placeholderData: [...LOG_ACTIONS],
    staleTime: Infinity,
  });
  const users = useQuery({
    queryKey: ['resource', 'user-manage', 'names'],
    queryFn: ({ signal }) => fetchNames('user-manage', signal),
    enabled: !mine,
    staleTime: 60_000,
  });
  const set = (next: Filters, now = true) => {
    setDraft(next);
    if (now) onChange(next);
  };
  const userOptions = (users.data ?? []).map((u: NameItem) => ({ value: String(u.id), label: u.name || `#${u.id}` }));

  return (
    <Form layout="inline" component="div" colon={false} style={{ rowGap: '0.75rem' }} role="search">
      <Form.Item label={t('logs.action')} htmlFor="log-filter-action">
        <Select
          id="log-filter-action"
          allowClear
          style={{ width: '10rem' }}
          placeholder={t('logs.allActions')}
          value={draft.action}
          options={(actions.data ?? []).map((a) => ({ value: a.value, label: a.label[language] }))}
          onChange={(action: string | undefined) => set({ ...draft, action })}
        />
      </Form.Item>
      <Form.Item label={t('logs.range')}>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder={[t('logs.startTime'), t('logs.endTime')]}
          value={[toDay(draft.from), toDay(draft.to)]}
          allowEmpty={[true, true]}
          onChange={(range) => set({
            ...draft,
            from: range?.[0] ? String(range[0].startOf('minute').valueOf()) : undefined,
            to: range?.[1] ? String(range[1].endOf('minute').valueOf()) : undefined,
          })}
        />
      </Form.Item>
      {!mine && (
        <Form.Item label={t('logs.user')} htmlFor="log-filter-user">
          <Select
            id="log-filter-user"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: '12rem' }}
            placeholder={t('logs.allUsers')}
            loading={users.isFetching}
            value={draft.userId}
            options={userOptions}
            onChange={(userId: string | undefined) => set({ ...draft, userId })}
          />
        </Form.Item>
      )}
      <Form.Item label={t('logs.target')} htmlFor="log-filter-target">
        <Input
          id="log-filter-target"
          allowClear
          style={{ width: '14rem' }}
          placeholder={t('logs.targetPlaceholder')}
          value={draft.target ?? ''}
          // The clear button (a click, not typing) applies at once.
          onChange={(e) => set({ ...draft, target: e.target.value }, e.type !== 'change')}
          onPressEnter={() => onChange(draft)}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" onClick={() => onChange(draft)}>{t('kit.search')}</Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={() => set({})}>{t('kit.reset')}</Button>
      </Form.Item>
    </Form>
  );
}
