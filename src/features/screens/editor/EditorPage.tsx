import { Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { useAtomValue } from 'jotai';
import { Right } from '../../../../contract/rights';
import { SUPER_ADMIN_NAME, useHasRight, userAtom } from '../../../shared/user';
import { parseScreenTemplate } from '../../../../contract/screen-template';
import { templateIdParam } from '../../../../contract/address-params';
import { registerScreenStrings } from '../../../shared/screen/registerScreenStrings';
import { AdminProviders } from '../../admin/AdminProviders';
import { registerScreenEditorStrings } from '../screenStrings';
import { loadRecord, type EditorRecord } from './editorApi';
import { editorStrings } from './editorStrings';
import { EditorWorkspace } from './EditorWorkspace';
import type { EditorDoc } from './model/types';
import { panelStrings } from './panels/panelStrings';
import { errorText } from '../../../shared/errorText';

registerScreenStrings();
registerScreenEditorStrings({ zh: { ...editorStrings.zh, ...panelStrings.zh }, en: { ...editorStrings.en, ...panelStrings.en } });

const Page = styled.main`
  position: fixed;
  inset: 0;
  background: #0b1220;
  color: #d7e6f5;
`;

type Loaded = { record: EditorRecord; doc: EditorDoc } | { error: string; notFound?: boolean };

/**
 * /nv_screen_graph_editor?id=: the visual template editor (stand-alone page, SPEC §2). Loads the
 * template, checks its document with the contract's schema (an older version is migrated), and
 * hands it to the workspace.
 */
function EditorLoader() {
  const { t } = useTranslation('screenEditor');
  const search = useSearch();
  const [, navigate] = useLocation();
  const id = templateIdParam(new URLSearchParams(search).get('id'));
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reloads, setReloads] = useState(0);
  const user = useAtomValue(userAtom);
  const canEdit = useHasRight(Right.ScreenEdit) || user?.username === SUPER_ADMIN_NAME;

  useEffect(() => {
    if (id === null) return undefined;
    const abort = new AbortController();
    setLoaded(null);
    loadRecord(id, abort.signal).then((record) => {
      const parsed = parseScreenTemplate(record.content);
      setLoaded(parsed.ok ? { record, doc: parsed.template as EditorDoc } : { error: parsed.error });
    }, (err: unknown) => {
      if (!abort.signal.aborted) setLoaded({ error: errorText(err) });
    });
    return () => abort.abort();
  }, [id, reloads]);

  const body = useMemo(() => {
    if (!canEdit) {
      return <Result status="403" title={t('editor.noRight')} extra={id !== null && <a href={`/nv_screen_graph_preview?id=${id}`}>{t('editor.previewInstead')}</a>} />;
    }
    if (id === null) return <Result status="warning" title={t('editor.noId')} extra={<a href="/nv_screen_graph_lib">{t('editor.back')}</a>} />;
    if (!loaded) return <Spin style={{ display: 'block', margin: '30vh auto' }} />;
    if ('error' in loaded) return <Result status="error" title={t('editor.loadFailed')} subTitle={loaded.error} extra={<a onClick={() => navigate('/nv_screen_graph_lib')}>{t('editor.back')}</a>} />;
    return <EditorWorkspace key={`${loaded.record.id}:${loaded.record.version}:${reloads}`} record={loaded.record} initialDoc={loaded.doc} onReload={() => setReloads((n) => n + 1)} />;
  }, [canEdit, id, loaded, navigate, reloads, t]);
  return <Page data-page="screen-editor">{body}</Page>;
}

export function EditorPage() {
  return (
    <AdminProviders dark>
      <EditorLoader />
    </AdminProviders>
  );
}
