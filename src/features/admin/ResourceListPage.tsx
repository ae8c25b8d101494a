import styled from 'styled-components';
import type { ResourceDefinition } from '../../../contract/resources/kit';
import { PageHeading, PagePanel } from '../../shared/ui/PagePanel';
import { ResourceList } from './kit/ResourceList';

export const PanelBody = styled.div`
  padding: 1.25rem 1.5rem 1.5rem;
`;

/** A menu page that is one resource's list: the page's title over the generic list. */
export function ResourceListPage({ title, def }: { title: string; def: ResourceDefinition }) {
  return (
    <PagePanel>
      <PageHeading>{title}</PageHeading>
      <PanelBody>
        <ResourceList def={def} />
      </PanelBody>
    </PagePanel>
  );
}
