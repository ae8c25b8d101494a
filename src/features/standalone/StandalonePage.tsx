import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { BrandMark } from '../../shared/ui/BrandMark';
import { EmptyData } from '../../shared/ui/EmptyState';

const Screen = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background-color: ${({ theme }) => theme.bg};
  background-image: ${({ theme }) => theme.bgDecor};
  background-size: auto, auto, 3rem 3rem, 3rem 3rem;
`;

const Head = styled.header`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 1rem;
  height: 5rem;
  border-bottom: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: linear-gradient(180deg, rgba(21, 41, 71, 0.9), rgba(21, 41, 71, 0.4));
  & h1 { margin: 0; font-size: 1.75rem; letter-spacing: 0.2em; color: #fff; }
`;

/**
 * A page rendered without a layout (SPEC §2: /monitor, project visualisation, the visual editor
 * and preview). The big screen and the graph editor replace this with their own pages.
 */
export function StandalonePage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Screen data-page={name}>
      <Head>
        <BrandMark size="2.5rem" />
        <h1>{t(`route.${name}`)}</h1>
      </Head>
      <EmptyData />
    </Screen>
  );
}
