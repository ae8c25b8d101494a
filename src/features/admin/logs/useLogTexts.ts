import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOG_ACTIONS } from '../../../../contract/logs';
import { RESOURCES } from '../../../../contract/resources/registry';
import { resourceKey } from '../kit/resourceStrings';

const LOGIN_DETAILS: Record<string, string> = { ok: 'logs.loginOk', guest: 'logs.loginGuest', failed: 'logs.loginFailed' };

/** How a log line reads in the user's language: action labels, field labels of the resource changed, sign-in outcomes. */
export function useLogTexts() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language === 'en' ? 'en' : 'zh';
  return useMemo(() => ({
    actionLabel: (action: string) => LOG_ACTIONS.find((a) => a.value === action)?.label[language] ?? action,
    /** A changed field's label: the resource named by the line's target (`t_org#3 …`) labels it, where it has the field. */
    fieldLabel: (target: string, field: string) => {
      const def = RESOURCES.find((d) => d.name === target.split('#')[0]);
      if (!def) return field;
      const part = def.fields.some((f) => f.name === field) ? 'fields' : def.columns.some((c) => c.name === field) ? 'columns' : null;
      return part ? t(resourceKey(def, part, field)) : field;
    },
    /** A fact's label (`orgIds` of a disable, `addOrgs` of an association), or its key. */
    factLabel: (key: string) => t(`logs.facts.${key}`, { defaultValue: key }),
    detailText: (text: string) => (LOGIN_DETAILS[text] ? t(LOGIN_DETAILS[text]) : text),
    empty: t('logs.empty'),
  }), [t, language]);
}

export type LogTexts = ReturnType<typeof useLogTexts>;
