import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import zh from '../locales/zh.json';

export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];

const STORAGE_KEY = 'nv_lang';
const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en' };

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'en' || value === 'zh' ? value : 'zh';
  } catch {
    return 'zh';
  }
}

function applyDocumentLanguage(lng: string): void {
  const language: Language = lng === 'en' ? 'en' : 'zh';
  document.documentElement.lang = HTML_LANG[language];
  document.title = i18n.t('app.title');
}

/** Starts i18next synchronously with the bundled resources; Chinese is the default (SPEC). */
export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { zh: { translation: zh }, en: { translation: en } },
      lng: storedLanguage(),
      fallbackLng: 'zh',
      supportedLngs: LANGUAGES as Language[],
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    i18n.on('languageChanged', applyDocumentLanguage);
    applyDocumentLanguage(i18n.language);
  }
  return i18n;
}

/** Switches the language and remembers it for the next start. */
export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be disabled on locked-down kiosks; the choice then lasts for this page only.
  }
  void i18n.changeLanguage(language);
}
