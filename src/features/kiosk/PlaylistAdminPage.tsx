import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PlaylistRecord } from '../../../contract/playlists';
import { showToast } from '../../shared/feedback';
import { ApiRequestError } from '../../shared/http';
import { Button } from '../../shared/ui/Button';
import { PageHeading, PagePanel } from '../../shared/ui/PagePanel';
import { TextInput } from '../../shared/ui/TextInput';
import { deletePlaylist, listPlaylists, listProjects, listTemplates, savePlaylist, type Choice } from './playlistAdminApi';
import { bodyOf, draftOf, emptyDraft, type PlaylistDraft } from './playlistDraft';
import { PlaylistItemsEditor } from './PlaylistItemsEditor';
import { registerKioskStrings } from './registerKioskStrings';
import { errorText } from '../../shared/errorText';

registerKioskStrings();

const Layout = styled.div`
  display: grid;
  grid-template-columns: 18rem 1fr;
  gap: 1rem;
  align-items: start;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.5rem;
  & button {
    width: 100%; text-align: left; padding: 0.6rem 0.75rem; border-radius: 0.375rem; border: 1px solid transparent;
    background: transparent; color: inherit; font: inherit; cursor: pointer;
  }
  & button[aria-current='true'] { border-color: ${({ theme }) => theme.primary}; background: ${({ theme }) => theme.glow}; }
  & small { display: block; color: ${({ theme }) => theme.textMuted}; }
`;

const Form = styled.form`
  display: grid;
  gap: 1rem;
  padding: 1rem 1.5rem 1.5rem;
  & label { display: grid; gap: 0.375rem; }
  & .row { display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; }
  & [role='alert'] { color: ${({ theme }) => theme.danger}; margin: 0; }
`;


/**
 * Kiosk playlists (轮播列表): the list on the left; on the right the chosen (or a new) playlist
 * with its name, enabled switch and items in order — screens and project graphs, each with its
 * duration and an optional title. Saving sends the whole playlist; the server's 400 names the bad
 * field or item and is shown as it is.
 */
export function PlaylistAdminPage() {
  const { t } = useTranslation('kiosk');
  const [playlists, setPlaylists] = useState<PlaylistRecord[]>([]);
  const [templates, setTemplates] = useState<Choice[]>([]);
  const [projects, setProjects] = useState<Choice[]>([]);
  const [draft, setDraft] = useState<PlaylistDraft>(emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => setPlaylists(await listPlaylists()), []);
  useEffect(() => {
    Promise.all([reload(), listTemplates().then(setTemplates), listProjects().then(setProjects)]).catch((err) => setError(errorText(err)));
  }, [reload]);

  const pick = (p: PlaylistRecord | null) => {
    setDraft(p ? draftOf(p) : emptyDraft());
    setError(null);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await savePlaylist(bodyOf(draft));
      setDraft(draftOf(saved));
      setError(null);
      await reload();
      showToast('success', t('admin.saved'));
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : errorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (draft.id === undefined || !window.confirm(t('admin.confirmDelete', { name: draft.name }))) return;
    try {
      await deletePlaylist(draft.id);
      pick(null);
      await reload();
      showToast('success', t('admin.deleted'));
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <Layout data-page="kiosk-playlists">
      <PagePanel>
        <PageHeading>{t('admin.list')}</PageHeading>
        <List>
          {playlists.map((p) => (
            <li key={p.id}>
              <button type="button" aria-current={draft.id === p.id} onClick={() => pick(p)} data-playlist-entry={p.name}>
                {p.name}
                <small>{p.enabled ? t('admin.enabled') : t('admin.disabled')} · {t('admin.items', { count: p.items.length })}</small>
              </button>
            </li>
          ))}
          {!playlists.length && <li><small>{t('admin.empty')}</small></li>}
        </List>
        <div style={{ padding: '0 0.5rem 0.75rem' }}>
          <Button type="button" $variant="ghost" onClick={() => pick(null)}>{t('admin.create')}</Button>
        </div>
      </PagePanel>
      <PagePanel>
        <PageHeading>{draft.id === undefined ? t('admin.create') : draft.name}</PageHeading>
        <Form onSubmit={save} noValidate>
          <label>
            {t('admin.name')}
            <TextInput $invalid={false} value={draft.name} maxLength={64} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
          </label>
          <label className="row">
            <input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
            {t('admin.enabled')}
          </label>
          <PlaylistItemsEditor items={draft.items} templates={templates} projects={projects} onChange={(items) => setDraft({ ...draft, items })} />
          <div className="row">
            <Button type="button" $variant="ghost" disabled={!templates.length}
              onClick={() => setDraft({ ...draft, items: [...draft.items, { kind: 'template', templateId: templates[0].id, durationSec: 30 }] })}>
              {t('admin.addTemplate')}
            </Button>
            <Button type="button" $variant="ghost" disabled={!projects.length}
              onClick={() => setDraft({ ...draft, items: [...draft.items, { kind: 'graph', projectId: projects[0].id, durationSec: 20 }] })}>
              {t('admin.addGraph')}
            </Button>
          </div>
          {error && <p role="alert">{error}</p>}
          <div className="row">
            <Button type="submit" disabled={busy}>{t('admin.save')}</Button>
            {draft.id !== undefined && <Button type="button" $variant="ghost" onClick={remove}>{t('admin.delete')}</Button>}
            {draft.id !== undefined && <a href={`/kiosk?playlist=${draft.id}`} target="_blank" rel="noreferrer">{t('admin.play')}</a>}
          </div>
        </Form>
      </PagePanel>
    </Layout>
  );
}
