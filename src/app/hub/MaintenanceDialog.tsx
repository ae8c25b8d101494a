import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Icon } from '../../shared/ui/Icon';
import { maintenanceAtom } from './maintenance';

const Line = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  margin: 0;
  color: ${({ theme }) => theme.textStrong};
  & > svg { color: #4c9ee8; margin-top: 0.0625rem; flex: none; }
`;

const Detail = styled.p`
  margin: 0.5rem 0 0;
  opacity: 0.75;
  font-size: 0.875rem;
  word-break: break-all;
`;

/**
 * 数据恢复 notice (issue 22): over every console page while a backup is being restored, then
 * "restored, reloading" until the page reloads; a failed restore can be dismissed.
 */
export function MaintenanceDialog() {
  const { t } = useTranslation();
  const [data, setData] = useAtom(maintenanceAtom);
  if (!data) return null;
  const failed = data.phase === 'failed';
  return (
    <Dialog
      title={t('hub.maintenanceTitle')}
      testId="maintenance-dialog"
      onClose={failed ? () => setData(null) : undefined}
      footer={failed ? <Button type="button" onClick={() => setData(null)}>{t('common.ok')}</Button> : undefined}
    >
      <div data-phase={data.phase}>
        <Line>
          <Icon name={failed ? 'warning' : 'backup'} size="1.5em" />
          <span>{t(`hub.maintenance_${data.phase}`)}</span>
        </Line>
        <Detail>{t('hub.maintenanceDetail', { file: data.fileName, by: data.by })}</Detail>
      </div>
    </Dialog>
  );
}
