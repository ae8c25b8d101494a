import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Select, Space, Tag, Typography } from 'antd';
import { Table } from '../kit/CardTable';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ESCALATION_LEVEL, WARN_LEVEL_NAMES, WARN_LEVELS } from '../../../../contract/alarm-notifications';
import { Right } from '../../../../contract/rights';
import { errorText } from '../../../shared/errorText';
import { useHasRight } from '../../../shared/user';
import { fetchNames } from '../kit/resourceApi';
import { fetchAllContacts, fetchProjectContacts, saveProjectContacts } from './projectContactsApi';
import {
  addContact, channelsOf, draftOf, isChanged, removeContact, rowsWithoutLevels, saveBody, setEscalation, setWarnLevels, type DraftRow,
} from './projectContactsDraft';

const CHANNEL_COLOURS = { email: 'blue', webhook: 'purple', phone: 'default' } as const;

/**
 * Who is told of one project's alarms (t_project_contacts): its contacts, the warn levels each
 * receives and its escalation level, edited as a whole and saved at once. The project is the
 * page's (kept in the address by the caller).
 */
export function ProjectContactsPanel({ projectId, onProjectChange }: { projectId?: number; onProjectChange(id?: number): void }) {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const editable = useHasRight(Right.ProjectEdit);
  const en = i18n.language.startsWith('en');
  const projects = useQuery({ queryKey: ['resource', 't_project', 'names'], queryFn: ({ signal }) => fetchNames('t_project', signal) });
  const contacts = useQuery({ queryKey: ['resource', 't_contacts', 'all'], queryFn: ({ signal }) => fetchAllContacts(signal) });
  const saved = useQuery({
    queryKey: ['project-contacts', projectId],
    queryFn: ({ signal }) => fetchProjectContacts(projectId!, signal),
    enabled: projectId !== undefined,
  });
  const savedDraft = useMemo(() => draftOf(saved.data ?? []), [saved.data]);
  const [draft, setDraft] = useState<DraftRow[]>([]);
  const [adding, setAdding] = useState<number>();
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(savedDraft), [savedDraft]);

  const failed = projects.error ?? contacts.error ?? saved.error;
  const changed = isChanged(savedDraft, draft);
  const levelOptions = WARN_LEVELS.map((l) => ({ value: l, label: en ? WARN_LEVEL_NAMES[l].en : WARN_LEVEL_NAMES[l].zh }));
  const escalationOptions = Array.from({ length: MAX_ESCALATION_LEVEL + 1 }, (_, level) => ({
    value: level, label: level === 0 ? t('alarmContacts.firstLine') : t('alarmContacts.escalated', { level }),
  }));
  const addable = (contacts.data ?? []).filter((c) => !draft.some((r) => r.contactId === c.id));

  const save = async () => {
    const empty = rowsWithoutLevels(draft)[0];
    if (empty) return void message.error(t('alarmContacts.noLevels', { name: empty.name }));
    setSaving(true);
    try {
      const answer = await saveProjectContacts(saveBody(projectId!, draft));
      queryClient.setQueryData(['project-contacts', projectId], answer);
      message.success(t('alarmContacts.saved'));
    } catch (err) {
      message.error(t('alarmContacts.saveFailed', { error: errorText(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('alarmContacts.help')}</Typography.Paragraph>
      {failed && <Alert type="error" showIcon title={t('alarmContacts.loadFailed', { error: errorText(failed) })} />}
      {!editable && <Alert type="info" showIcon title={t('alarmContacts.readOnly', { right: Right.ProjectEdit })} />}
      <Space wrap>
        <span>{t('alarmContacts.project')}</span>
        <Select
          style={{ width: '18rem' }}
          aria-label={t('alarmContacts.project')}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('alarmContacts.pickProject')}
          value={projectId}
          loading={projects.isPending}
          options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={(id: number | undefined) => onProjectChange(id)}
          allowClear
        />
        {projectId !== undefined && editable && (
          <>
            <Select
              style={{ width: '14rem' }}
              aria-label={t('alarmContacts.addContact')}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('alarmContacts.addPlaceholder')}
              value={adding}
              options={addable.map((c) => ({ value: c.id, label: c.name }))}
              onChange={(id: number) => setAdding(id)}
            />
            <Button
              disabled={adding === undefined}
              onClick={() => {
                const c = addable.find((x) => x.id === adding);
                if (c) setDraft((d) => addContact(d, c));
                setAdding(undefined);
              }}
            >
              {t('alarmContacts.addContact')}
            </Button>
          </>
        )}
      </Space>
      {projectId === undefined ? <Empty description={t('alarmContacts.pickProject')} /> : (
        <>
          <Table<DraftRow>
            rowKey="contactId"
            size="middle"
            loading={saved.isFetching}
            dataSource={draft}
            pagination={false}
            locale={{ emptyText: <Empty description={t('alarmContacts.empty')} /> }}
            columns={[
              { key: 'name', title: t('alarmContacts.name'), dataIndex: 'name' },
              {
                key: 'channels', title: t('alarmContacts.channels'),
                render: (_v, r) => (
                  <>
                    {channelsOf(r).map((w) => <Tag key={w} color={CHANNEL_COLOURS[w]}>{t(`alarmContacts.${w}`)}</Tag>)}
                    {!r.email && !r.webhookUrl && <Typography.Text type="warning">{t('alarmContacts.noChannel')}</Typography.Text>}
                  </>
                ),
              },
              {
                key: 'warnLevels', title: t('alarmContacts.warnLevels'),
                render: (_v, r) => (
                  <Checkbox.Group
                    aria-label={`${r.name} ${t('alarmContacts.warnLevels')}`}
                    disabled={!editable}
                    options={levelOptions}
                    value={r.warnLevels}
                    onChange={(levels) => setDraft((d) => setWarnLevels(d, r.contactId, levels as number[]))}
                  />
                ),
              },
              {
                key: 'escalation', title: t('alarmContacts.escalation'), width: '20rem',
                render: (_v, r) => (
                  <Select
                    style={{ width: '100%' }}
                    aria-label={`${r.name} ${t('alarmContacts.escalation')}`}
                    disabled={!editable}
                    options={escalationOptions}
                    value={r.escalationLevel}
                    onChange={(level: number) => setDraft((d) => setEscalation(d, r.contactId, level))}
                  />
                ),
              },
              ...(editable ? [{
                key: 'actions', title: t('alarmContacts.actions'), width: '6rem',
                render: (_v: unknown, r: DraftRow) => (
                  <Button type="link" danger onClick={() => setDraft((d) => removeContact(d, r.contactId))}>{t('alarmContacts.remove')}</Button>
                ),
              }] : []),
            ]}
          />
          {editable && (
            <Space>
              <Button type="primary" disabled={!changed} loading={saving} onClick={() => void save()}>{t('alarmContacts.save')}</Button>
              <Button disabled={!changed || saving} onClick={() => setDraft(savedDraft)}>{t('alarmContacts.reset')}</Button>
            </Space>
          )}
        </>
      )}
    </Space>
  );
}
