import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import type { Message } from '../../../contract/messages';
import { Right } from '../../../contract/rights';
import { badgeText } from '../../shared/badge';
import { showToast } from '../../shared/feedback';
import { requestUnreadRecount, unreadRefreshAtom } from '../../shared/refreshSignals';
import { Dropdown, LinkButton, PanelEmpty, PanelFooter, PanelHeader } from '../../shared/ui/Dropdown';
import { Icon } from '../../shared/ui/Icon';
import { useHasRight } from '../../shared/user';
import { describeMessage } from './describeMessage';
import { fetchUnreadCount, fetchUnreadMessages, markRead } from './messageApi';

export const NOTICE_PATH = '/nv_notice';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ItemButton = styled.button`
  display: block;
  width: 100%;
  padding: 0.75rem 1rem;
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: none;
  color: inherit;
  text-align: left;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.glow}; }
`;

const Headline = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.75rem;
  color: ${({ theme }) => theme.textStrong};
  font-size: 0.9375rem;
  & > strong { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  & > time { flex: none; color: ${({ theme }) => theme.textMuted}; font-size: 0.75rem; }
`;

const Detail = styled.div`
  margin-top: 0.25rem;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.8125rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

function timeOf(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(language === 'en' ? 'en-GB' : 'zh-CN', {
    month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  });
}

/**
 * The message bell (SPEC §2, §7): unread count (99+, hidden at 0), the five newest unread
 * messages when opened or 暂无未读消息; opening one marks it read. It recounts whenever
 * `unreadRefreshAtom` changes. 查看更多 needs notice-preview.
 */
export function MessageBell() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const canPreview = useHasRight(Right.NoticePreview);
  const refresh = useAtomValue(unreadRefreshAtom);
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(0);
  const [messages, setMessages] = useState<Message[] | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    fetchUnreadCount(controller.signal).then(setCount, () => {});
    return () => controller.abort();
  }, [refresh]);

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    fetchUnreadMessages(controller.signal).then((page) => setMessages(page.list), () => setMessages((list) => list ?? []));
    return () => controller.abort();
  }, [open, refresh]);

  const read = (message: Message) => {
    markRead(message.id).then(requestUnreadRecount, () => {});
  };

  const seeMore = () => {
    setOpen(false);
    if (canPreview) navigate(NOTICE_PATH);
    else showToast('warning', t('messages.noRight'));
  };

  return (
    <Dropdown
      label={t('messages.title')}
      trigger={<Icon name="message" />}
      badge={badgeText(count)}
      open={open}
      onOpenChange={setOpen}
      width="24rem"
      testId="message-bell"
    >
      <PanelHeader>{t('messages.title')}</PanelHeader>
      {messages === undefined ? (
        <PanelEmpty>{t('common.loading')}</PanelEmpty>
      ) : messages.length === 0 ? (
        <PanelEmpty>{t('messages.empty')}</PanelEmpty>
      ) : (
        <List>
          {messages.map((message) => {
            const summary = describeMessage(message, i18n.language);
            return (
              <li key={message.id}>
                <ItemButton type="button" data-testid="message-item" onClick={() => read(message)}>
                  <Headline>
                    <strong>{summary.headline}</strong>
                    <time dateTime={message.createdAt}>{timeOf(message.createdAt, i18n.language)}</time>
                  </Headline>
                  {summary.detail && <Detail>{summary.detail}</Detail>}
                </ItemButton>
              </li>
            );
          })}
        </List>
      )}
      <PanelFooter>
        <LinkButton type="button" onClick={seeMore}>{t('common.seeMore')}</LinkButton>
      </PanelFooter>
    </Dropdown>
  );
}
