import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { LibraryTemplate } from './libraryApi';
import { useThumbnail } from './useThumbnail';

const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  background: #02060d;
  & img { width: 100%; height: 100%; object-fit: contain; display: block; }
  & span { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; color: #5d7391; font-size: 0.85rem; }
`;

/** A card's thumbnail (stored with the template by the editor's save; refetched when the version changes). */
export function TemplateThumbnail({ template }: { template: LibraryTemplate }) {
  const { t } = useTranslation('screenEditor');
  const url = useThumbnail(template.hasThumbnail ? template.id : null, template.version);
  return (
    <Frame data-thumbnail={url ? 'image' : 'none'}>
      {url ? <img src={url} alt={template.name} /> : <span>{t('lib.noThumbnail')}</span>}
    </Frame>
  );
}
