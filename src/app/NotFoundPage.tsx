import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link } from 'wouter';
import { StatusScreen } from './StatusScreen';

const Code = styled.h1`
  margin: 0;
  font-size: 6rem;
  line-height: 1;
  font-weight: 700;
  letter-spacing: 0.1em;
  color: ${({ theme }) => theme.accentText};
  text-shadow: 0 0 2rem ${({ theme }) => theme.glow};
`;

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  height: 2.75rem;
  padding: 0 1.5rem;
  border-radius: 0.375rem;
  background: ${({ theme }) => theme.primary};
  color: ${({ theme }) => theme.onPrimary};
  font-weight: 600;
  text-decoration: none;
`;

/** /404, where unknown paths and pages the user may not open end up (SPEC §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen>
      <Code>404</Code>
      <h2 style={{ margin: 0 }}>{t('notFound.title')}</h2>
      <p style={{ margin: 0 }}>{t('notFound.text')}</p>
      <Back href="/">{t('notFound.back')}</Back>
    </StatusScreen>
  );
}
