import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { contactsResource } from '../../../../contract/resources/contacts';
import { PageHeading, PagePanel } from '../../../shared/ui/PagePanel';
import { ResourceList } from '../kit/ResourceList';
import { PanelBody } from '../ResourceListPage';
import { registerAlarmContactStrings } from './alarmContactStrings';
import { ProjectContactsPanel } from './ProjectContactsPanel';

registerAlarmContactStrings();

const TAB = 'tab';
const PROJECT = 'projectId';
const PROJECTS_TAB = 'projects';

/**
 * /nv_intelligent_alarm/nv_alarm_contacts (告警联系人): the contacts themselves (the kit's list:
 * phone, e-mail, webhook and its write-only secret) and, on a second tab, who is told of each
 * project's alarms at which warn levels and escalation levels. Tab and project are in the address.
 */
export function AlarmContactsPage({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const tab = params.get(TAB) === PROJECTS_TAB ? PROJECTS_TAB : 'contacts';
  const asked = Number(params.get(PROJECT));
  const projectId = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const go = (next: Record<string, string>) => navigate(`${location}?${new URLSearchParams(next)}`, { replace: true });
  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => go({ [TAB]: key })}
          items={[
            { key: 'contacts', label: t('alarmContacts.tabContacts'), children: <ResourceList def={contactsResource} /> },
            {
              key: PROJECTS_TAB, label: t('alarmContacts.tabProjects'),
              children: (
                <ProjectContactsPanel
                  projectId={projectId}
                  onProjectChange={(id) => go({ [TAB]: PROJECTS_TAB, ...(id === undefined ? {} : { [PROJECT]: String(id) }) })}
                />
              ),
            },
          ]}
        />
      </PanelBody>
    </PagePanel>
  );
}
