import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/**
 * The core texts of the languages other than Chinese, each in a chunk of its own: the login page's
 * first chunk carries Chinese, the default, only. A start in English loads its texts beside
 * config.json, before the first render.
 */
const LOADERS: Record<Exclude<Language, 'zh'>, () => Promise<Record<string, unknown>>> = {
  en: () => import('../locales/en.json').then((m) => m.default as Record<string, unknown>),
};
const loaded = new Set<Language>(['zh']);

/** Adds `language`'s core texts once (features add their own bundles on top, deep-merged). */
async function ensureLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const texts = await LOADERS[language as Exclude<Language, 'zh'>]();
  i18n.addResourceBundle(language, 'translation', texts, true, false);
  loaded.add(language);
}

function applyDocumentLanguage(lng: string): void {
  const language: Language = lng === 'en' ? 'en' : 'zh';
  document.documentElement.lang = HTML_LANG[language];
  document.title = i18n.t('app.title');
}

let ready: Promise<void> = Promise.resolve();

/**
 * Starts i18next synchronously with Chinese, the default (SPEC); the promise settles once the
 * stored language's texts are in (at once for Chinese). A language whose chunk fails to load
 * shows Chinese, its fallback, rather than no page.
 */
export function initI18n(): Promise<void> {
  if (!i18n.isInitialized) {
    const language = storedLanguage();
    void i18n.use(initReactI18next).init({
      resources: { zh: { translation: zh } },
      lng: language,
      fallbackLng: 'zh',
      supportedLngs: LANGUAGES as Language[],
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    i18n.on('languageChanged', applyDocumentLanguage);
    applyDocumentLanguage(i18n.language);
    ready = ensureLanguage(language).then(
      () => applyDocumentLanguage(language),
      (err: unknown) => console.error(`the ${language} texts could not be loaded`, err),
    );
  }
  return ready;
}

/** Switches the language and remembers it for the next start. */
export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be disabled on locked-down kiosks; the choice then lasts for this page only.
  }
  void ensureLanguage(language)
    .catch((err: unknown) => console.error(`the ${language} texts could not be loaded`, err))
    .then(() => i18n.changeLanguage(language));
}
