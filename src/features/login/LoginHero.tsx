import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Hero = styled.div`
  position: relative;
  flex: 1;
  max-width: 52rem;
`;

const Tagline = styled.p`
  margin: 0 0 1.25rem;
  font-size: 1rem;
  letter-spacing: 0.2em;
  color: ${({ theme }) => theme.accentText};
`;

const Title = styled.h2`
  margin: 0;
  font-size: 3.25rem;
  line-height: 1.25;
  font-weight: 700;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.textStrong};
`;

const Text = styled.p`
  max-width: 46rem;
  margin: 1.5rem 0 3rem;
  font-size: 1.125rem;
  line-height: 1.8;
  color: ${({ theme }) => theme.textMuted};
`;

const Features = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Feature = styled.li`
  padding: 1.25rem 1.25rem 1.125rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-top: 0.1875rem solid ${({ theme }) => theme.primary};
  background: ${({ theme }) => theme.surface};
`;

const FeatureName = styled.strong`
  display: block;
  font-size: 1.125rem;
  color: ${({ theme }) => theme.textStrong};
`;

const FeatureText = styled.span`
  display: block;
  margin-top: 0.375rem;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.textMuted};
`;

const FEATURES = [
  ['login.featureMonitor', 'login.featureMonitorText'],
  ['login.featureAlarm', 'login.featureAlarmText'],
  ['login.featureScreen', 'login.featureScreenText'],
] as const;

/** The left half of the login page: what the product is for. */
export function LoginHero() {
  const { t } = useTranslation();
  return (
    <Hero>
      <Tagline>{t('app.tagline')}</Tagline>
      <Title>{t('login.heroTitle')}</Title>
      <Text>{t('login.heroText')}</Text>
      <Features>
        {FEATURES.map(([name, text]) => (
          <Feature key={name}>
            <FeatureName>{t(name)}</FeatureName>
            <FeatureText>{t(text)}</FeatureText>
          </Feature>
        ))}
      </Features>
    </Hero>
  );
}
