import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { UPLOAD_MAX_BYTES } from '../../../../contract/constants';
import { getRuntimeConfig } from '../../../shared/config';
import { errorText } from '../../../shared/errorText';
import { request } from '../../../shared/http';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Only what POST /api/file stored is shown: never an address a user typed. */
const isStoredPath = (path: unknown): path is string => typeof path === 'string' && /^\/api\/files\/[\w-]+\/[\w.-]+$/.test(path);

const Frame = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border: 1px solid ${({ theme }) => theme.surfaceBorder};
  border-radius: 4px;
  overflow: hidden;
  color: ${({ theme }) => theme.textMuted};
  & img { width: 100%; height: 100%; object-fit: contain; }
`;

/** A stored picture (`/api/files/…`) in a square of `size` px, or a placeholder. */
export function StoredImage({ path, size, alt = '' }: { path: unknown; size: number; alt?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Frame $size={size} data-stored-image={isStoredPath(path) ? path : ''}>
      {isStoredPath(path)
        ? <img src={`${getRuntimeConfig().apiBaseUrl}${path}`} alt={alt} loading="lazy" />
        : <PictureOutlined aria-label={t('kit.imageNone')} style={{ fontSize: size / 2.5 }} />}
    </Frame>
  );
}

/**
 * The kit's `image` field: the picture, a button that uploads a new one through POST /api/file
 * (category image; type and size checked first) and one that removes it. The value is the stored path.
 */
export function ImageUpload({ id, value, onChange }: { id?: string; value?: string; onChange?(path: string): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) return void message.error(t('kit.imageType'));
    if (file.size > UPLOAD_MAX_BYTES) return void message.error(t('kit.imageTooLarge'));
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const result = await request<{ path: string }>('POST', '/file', { body: form, query: { category: 'image' } });
      onChange?.(result.path);
    } catch (err) {
      message.error(t('kit.imageFailed', { error: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="center" size="middle">
      <StoredImage path={value} size={96} />
      <Space direction="vertical" size="small">
        <Upload id={id} accept={IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={(file) => { void upload(file); return false; }}>
          <Button icon={<UploadOutlined />} loading={busy}>{t(value ? 'kit.imageReplace' : 'kit.imageUpload')}</Button>
        </Upload>
        {value && <Button size="small" type="link" danger onClick={() => onChange?.('')}>{t('kit.imageRemove')}</Button>}
      </Space>
    </Space>
  );
}
