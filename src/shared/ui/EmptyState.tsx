import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PageHeading, PagePanel } from './PagePanel';

const Panel = styled(PagePanel)`
  display: flex;
  flex-direction: column;
  min-height: 100%;
`;

const Heading = styled(PageHeading)`
  font-weight: 600;
`;

const Empty = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 1rem;
  min-height: 20rem;
  color: ${({ theme }) => theme.textMuted};
  font-size: 1rem;
`;

/** The "nothing here" picture: an empty tray. */
function EmptyTray() {
  return (
    <svg width="6rem" height="4.5rem" viewBox="0 0 96 72" aria-hidden="true" focusable="false">
      <ellipse cx="48" cy="62" rx="40" ry="7" fill="currentColor" opacity="0.12" />
      <path d="M18 30 30 12h36l12 18v24H18z" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" opacity="0.55" />
      <path d="M18 30h18l4 8h16l4-8h18" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" opacity="0.55" />
    </svg>
  );
}

/** A list's empty state, 暂无数据 unless told otherwise (SPEC §2). */
export function EmptyData({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <Empty data-testid="empty-state">
      <EmptyTray />
      <span>{text ?? t('common.noData')}</span>
    </Empty>
  );
}

/** A page that a later issue fills: its title over the empty state. */
export function EmptyPage({ title }: { title: string }) {
  return (
    <Panel>
      <Heading>{title}</Heading>
      <EmptyData />
    </Panel>
  );
}
