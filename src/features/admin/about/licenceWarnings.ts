import type { TFunction } from 'i18next';
import type { LicenceInfo, LicenceWarningCode } from '../../../../contract/licence';

/** The text of one licence warning, with the figures it names. */
export function licenceWarningText(t: TFunction<'admin'>, code: LicenceWarningCode, info: LicenceInfo): string {
  const max = code === 'users-full' ? info.payload?.maxUsers : info.payload?.maxDevices;
  const used = code === 'users-full' ? info.usage.users : info.usage.devices;
  return t(`about.warnings.${code}`, { count: info.daysLeft ?? 0, used, max });
}
