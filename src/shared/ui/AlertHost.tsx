import { useAtom } from 'jotai';
import { alertAtom } from '../feedback';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** Renders the one-button notices of {@link alertAtom}, e.g. 网络请求不存在 (SPEC §8). */
export function AlertHost() {
  const [notice, setNotice] = useAtom(alertAtom);
  if (!notice) return null;
  const close = () => setNotice(null);
  return (
    <Dialog title={notice.title} onClose={close} footer={<Button type="button" onClick={close}>{notice.button}</Button>}>
      {notice.message}
    </Dialog>
  );
}
