import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { fetchThumbnail, type LibraryTemplate } from './libraryApi';

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
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!template.hasThumbnail) return undefined;
    const abort = new AbortController();
    let made: string | null = null;
    fetchThumbnail(template.id, abort.signal).then((u) => {
      made = u;
      if (abort.signal.aborted) {
        if (u) URL.revokeObjectURL(u);
      } else setUrl(u);
    }, () => undefined);
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [template.id, template.version, template.hasThumbnail]);
  return (
    <Frame data-thumbnail={url ? 'image' : 'none'}>
      {url ? <img src={url} alt={template.name} /> : <span>{t('lib.noThumbnail')}</span>}
    </Frame>
  );
}
