import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { setLanguage } from '../i18n';
import { useThemeMode } from '../theme';

const Bar = styled.div`
  display: flex;
  gap: 0.5rem;
`;

const Toggle = styled.button`
  height: 2rem;
  padding: 0 0.75rem;
  border-radius: 1rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.8125rem;
  cursor: pointer;
  transition: color 0.2s, border-color 0.2s;
  &:hover { color: ${({ theme }) => theme.accentText}; border-color: ${({ theme }) => theme.primary}; }
`;

/** Language and theme switches; both choices are remembered for the next start. */
export function PreferenceBar() {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <Bar>
      <Toggle type="button" title={t('prefs.language')} onClick={() => setLanguage(i18n.language === 'en' ? 'zh' : 'en')}>
        {t('prefs.languageName')}
      </Toggle>
      <Toggle type="button" title={t('prefs.theme')} aria-label={t('prefs.theme')} onClick={() => setMode(next)}>
        {t(`prefs.${next}`)}
      </Toggle>
    </Bar>
  );
}
