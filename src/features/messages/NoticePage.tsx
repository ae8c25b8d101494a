import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Message } from '../../../contract/messages';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../contract/constants';
import { requestUnreadRecount } from '../../shared/refreshSignals';
import { Button } from '../../shared/ui/Button';
import { EmptyData } from '../../shared/ui/EmptyState';
import { PageHeading, PagePanel } from '../../shared/ui/PagePanel';
import { describeMessage } from './describeMessage';
import { fetchMessages, markRead } from './messageApi';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;
  & th, & td { padding: 0.75rem 1.5rem; border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder}; text-align: left; }
  & th { color: ${({ theme }) => theme.textMuted}; font-weight: 500; }
  & td small { display: block; margin-top: 0.25rem; color: ${({ theme }) => theme.textMuted}; }
  & td button { height: 2rem; padding: 0 0.75rem; font-size: 0.875rem; font-weight: 500; }
  /* SPEC §4's mobile class: each message a card, its type, time and state above its text. */
  @media (max-width: 576px) {
    & thead { display: none; }
    & tbody tr {
      display: grid;
      grid-template-columns: auto 1fr auto;
      gap: 0.25rem 0.75rem;
      padding: 0.75rem 1rem;
      border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
    }
    & tbody td { padding: 0; border: 0; }
    & tbody td:nth-child(1) { grid-column: 1; font-weight: 600; }
    & tbody td:nth-child(3) { grid-column: 2; color: ${({ theme }) => theme.textMuted}; font-size: 0.8125rem; }
    & tbody td:nth-child(4) { grid-column: 3; text-align: right; }
    & tbody td:nth-child(2) { grid-column: 1 / -1; grid-row: 2; overflow-wrap: anywhere; }
    & tbody td:nth-child(5) { grid-column: 1 / -1; grid-row: 3; }
    & tbody td:nth-child(5):empty { display: none; }
  }
`;

const Pager = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 0.75rem;
  padding: 1rem 1.5rem;
  & select { height: 2.25rem; border-radius: 0.25rem; background: ${({ theme }) => theme.inputBg}; color: ${({ theme }) => theme.text}; border: 1px solid ${({ theme }) => theme.inputBorder}; }
`;

/** /nv_notice: every message of the user, newest first, paged (SPEC §2, §9 page sizes). */
export function NoticePage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [data, setData] = useState<{ list: Message[]; count: number }>();
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchMessages(page, size, controller.signal).then(setData, () => setData((d) => d ?? { list: [], count: 0 }));
    return () => controller.abort();
  }, [page, size, reload]);

  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / size));
  const read = (id: number) => markRead(id).then(() => {
    setReload((n) => n + 1);
    requestUnreadRecount();
  }, () => {});

  return (
    <PagePanel>
      <PageHeading>{t('messages.title')}</PageHeading>
      {data && data.list.length === 0 ? <EmptyData /> : (
        <Table>
          <thead>
            <tr><th>{t('messages.type')}</th><th>{t('messages.content')}</th><th>{t('messages.time')}</th><th>{t('messages.status')}</th><th /></tr>
          </thead>
          <tbody>
            {data?.list.map((m) => {
              const summary = describeMessage(m, i18n.language);
              return (
                <tr key={m.id} data-testid="notice-row">
                  <td>{t(`messages.types.${m.type}`, { defaultValue: String(m.type) })}</td>
                  <td>{summary.headline}{summary.detail && <small>{summary.detail}</small>}</td>
                  <td>{new Date(m.createdAt).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'zh-CN')}</td>
                  <td>{m.isReaded ? t('messages.read') : t('messages.unread')}</td>
                  <td>{!m.isReaded && <Button type="button" $variant="ghost" onClick={() => void read(m.id)}>{t('messages.markRead')}</Button>}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <Pager>
        <span>{t('messages.pageInfo', { page, pages, count: data?.count ?? 0 })}</span>
        <select aria-label={t('messages.pageSize')} value={size} onChange={(e) => { setSize(Number(e.target.value)); setPage(1); }}>
          {PAGE_SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
        <Button type="button" $variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('messages.prev')}</Button>
        <Button type="button" $variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('messages.next')}</Button>
      </Pager>
    </PagePanel>
  );
}
