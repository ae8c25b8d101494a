import { Alert, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { PanelBody } from '../ResourceListPage';
import { errorText as textOf } from '../../../shared/errorText';

const Heading = styled(PageHeading)`
  display: flex;
  align-items: baseline;
  gap: 1rem;
  flex-wrap: wrap;
`;

const Sub = styled.span`
  font-size: 0.875rem;
  font-weight: normal;
  color: ${({ theme }) => theme.textMuted};
`;

/** The frame of an access page: its title (and what it is about), then the body. */
export function AccessPage({ title, subtitle, extra, children }: { title: string; subtitle?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <PagePanel>
      <Heading>
        {title}
        {subtitle && <Sub>{subtitle}</Sub>}
        {extra && <span style={{ marginLeft: 'auto', fontSize: '0.875rem', fontWeight: 'normal' }}>{extra}</span>}
      </Heading>
      <PanelBody>{children}</PanelBody>
    </PagePanel>
  );
}

/** A query's loading spinner or error, else its content. */
export function Loaded({ error, loading, errorText, children }: { error: unknown; loading: boolean; errorText: (e: string) => string; children: () => ReactNode }) {
  if (error) return <Alert type="error" showIcon title={errorText(textOf(error))} />;
  if (loading) return <Flex justify="center" style={{ padding: '3rem 0' }}><Spin /></Flex>;
  return <>{children()}</>;
}
