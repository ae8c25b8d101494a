import { useAtom } from 'jotai';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { setLanguage, type Language } from '../../shared/i18n';
import { useThemeMode, type ThemeMode } from '../../shared/theme';
import { Icon } from '../../shared/ui/Icon';
import { useOutsideClick } from '../../shared/useOutsideClick';
import { showSettingsAtom } from './settingsState';

/** Below the navbar, so the bells and the user menu stay in reach while it is open. */
const Drawer = styled.aside`
  position: fixed;
  top: 4rem;
  right: 0;
  bottom: 0;
  z-index: 1500;
  width: 20rem;
  max-width: 100vw;
  padding: 1.25rem 1.5rem;
  border-left: 1px solid ${({ theme }) => theme.surfaceBorder};
  background: ${({ theme }) => (theme.mode === 'dark' ? '#0f213d' : '#ffffff')};
  box-shadow: -0.5rem 0 2rem rgba(0, 0, 0, 0.3);
  color: ${({ theme }) => theme.text};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 1.5rem;
  & h2 { margin: 0; font-size: 1.125rem; color: ${({ theme }) => theme.textStrong}; }
  & button { border: none; background: none; color: inherit; font-size: 1.25rem; cursor: pointer; }
`;

const Group = styled.fieldset`
  margin: 0 0 1.5rem;
  padding: 0;
  border: none;
  & legend { margin-bottom: 0.75rem; font-size: 0.9375rem; color: ${({ theme }) => theme.textMuted}; }
`;

const Options = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.75rem;
`;

const Option = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  height: 2.75rem;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  font-size: 0.9375rem;
  cursor: pointer;
  & input { position: absolute; opacity: 0; pointer-events: none; }
  ${({ $checked, theme }) => $checked && css`
    border-color: ${theme.primary};
    color: ${theme.accentText};
    box-shadow: 0 0 0 0.125rem ${theme.glow};
  `}
`;

const Swatch = styled.span<{ $mode: ThemeMode }>`
  width: 1rem;
  height: 1rem;
  border-radius: 0.25rem;
  border: 1px solid rgba(127, 147, 173, 0.6);
  background: ${({ $mode }) => ($mode === 'dark' ? '#0a1424' : '#eaf0f6')};
`;

const THEMES: ThemeMode[] = ['dark', 'light'];
const LANGUAGES: { value: Language; label: string }[] = [{ value: 'zh', label: '中文' }, { value: 'en', label: 'English' }];

/** The settings panel (SPEC §2, §4): theme and language, remembered; closes on a click outside. */
export function SettingsPanel() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useAtom(showSettingsAtom);
  const [mode, setMode] = useThemeMode();
  const ref = useRef<HTMLElement>(null);
  useOutsideClick([ref], () => setOpen(false), open);
  if (!open) return null;
  return (
    <Drawer ref={ref} aria-label={t('settings.title')} data-testid="settings-panel">
      <Header>
        <h2>{t('settings.title')}</h2>
        <button type="button" aria-label={t('common.close')} onClick={() => setOpen(false)}><Icon name="close" /></button>
      </Header>
      <Group>
        <legend>{t('settings.theme')}</legend>
        <Options>
          {THEMES.map((value) => (
            <Option key={value} $checked={mode === value}>
              <input type="radio" name="nv-theme" value={value} checked={mode === value} onChange={() => setMode(value)} />
              <Swatch $mode={value} />
              {t(`prefs.${value}`)}
            </Option>
          ))}
        </Options>
      </Group>
      <Group>
        <legend>{t('settings.language')}</legend>
        <Options>
          {LANGUAGES.map(({ value, label }) => (
            <Option key={value} $checked={i18n.language === value}>
              <input type="radio" name="nv-language" value={value} checked={i18n.language === value} onChange={() => setLanguage(value)} />
              {label}
            </Option>
          ))}
        </Options>
      </Group>
    </Drawer>
  );
}
