import i18n from 'i18next';

/** Texts of 关联视频 (nv_associate_video): `admin:videos.*`. */
export const videoStrings = {
  zh: {
    project: '项目', pickProject: '请选择项目', backToProjects: '项目列表', count: '共 {{count}} 路',
    add: '添加通道', edit: '编辑', delete: '删除', retry: '重试', reloadPage: '刷新页面', grid: '画面', list: '列表',
    name: '通道名称', streamUrl: '视频流地址', kind: '类型', sortOrder: '排序', actions: '操作',
    hls: 'HLS', mp4: 'MP4',
    empty: '该项目还没有视频通道', emptyHint: '添加摄像机的 HLS（.m3u8）或 MP4 播放地址后，画面会显示在这里。',
    readOnly: '您只能查看视频通道；添加和修改需要项目编辑权限（{{right}}）。',
    loadFailed: '加载失败：{{error}}', projectMissing: '项目不存在或不在您的数据范围内',
    addTitle: '添加视频通道', editTitle: '编辑视频通道：{{name}}', save: '保存', cancel: '取消',
    saved: '已保存“{{name}}”', deleted: '已删除“{{name}}”', saveFailed: '保存失败：{{error}}', deleteFailed: '删除失败：{{error}}',
    stale: '该通道已被他人修改，已重新加载，请再次编辑', confirmDelete: '删除视频通道“{{name}}”？', confirmDeleteHint: '只删除通道设置，不影响摄像机本身。',
    namePlaceholder: '如：一号车间入口', urlPlaceholder: 'https://摄像机或流媒体服务器/live/xxx.m3u8',
    urlHelp: '支持 http/https 的 HLS 播放列表（.m3u8）或 MP4 文件；地址中不能包含用户名和密码。',
    nameRequired: '请填写通道名称', nameTooLong: '通道名称最长 64 个字符',
    url: {
      required: '请填写视频流地址', tooLong: '视频流地址最长 2048 个字符', spaces: '视频流地址不能包含空格或控制字符',
      invalid: '视频流地址无效：应为 http:// 或 https:// 开头的完整地址', protocol: '视频流地址只支持 http 或 https 协议',
      credentials: '视频流地址不能包含用户名或密码（user:password@），请改用不带凭据的播放地址',
      kind: '视频流地址应为 HLS 播放列表（.m3u8）或 MP4 文件（.mp4）',
    },
    state: {
      connecting: '正在连接视频流…', offscreen: '不在可视区域，已暂停',
      unreachable: '无法连接视频流', unreachableHint: '请检查地址和网络、摄像机是否在线，以及流媒体服务器是否允许跨域访问。',
      invalid: '视频流地址无效', invalidHint: '该地址返回的不是可播放的 HLS 播放列表。',
      unplayable: '无法播放此视频流', unplayableHint: '地址无法访问，或视频格式不受浏览器支持（请使用 H.264 编码）。',
      media: '视频解码失败', mediaHint: '视频数据损坏或编码不受支持（请使用 H.264 编码）。',
      unsupported: '当前浏览器不支持播放此视频流', unsupportedHint: '请使用最新版的 Chrome、Edge 或 Firefox。',
      loadFailed: '播放器加载失败', loadFailedHint: '请检查网络后重试。',
      blocked: '新的视频来源刷新页面后生效', blockedHint: '该通道的视频流来自本页打开之后才添加的来源，出于安全策略，刷新页面后即可播放。',
    },
  },
  en: {
    project: 'Project', pickProject: 'Choose a project', backToProjects: 'Project list', count: 'Channels: {{count}}',
    add: 'Add channel', edit: 'Edit', delete: 'Delete', retry: 'Retry', reloadPage: 'Reload page', grid: 'Grid', list: 'List',
    name: 'Channel name', streamUrl: 'Stream address', kind: 'Type', sortOrder: 'Order', actions: 'Actions',
    hls: 'HLS', mp4: 'MP4',
    empty: 'This project has no camera channels yet', emptyHint: 'Add a camera\'s HLS (.m3u8) or MP4 address and its picture shows here.',
    readOnly: 'You can view the channels; adding and changing them needs the project edit right ({{right}}).',
    loadFailed: 'Could not load: {{error}}', projectMissing: 'The project does not exist or is outside your data scope',
    addTitle: 'Add camera channel', editTitle: 'Edit camera channel: {{name}}', save: 'Save', cancel: 'Cancel',
    saved: 'Saved "{{name}}"', deleted: 'Deleted "{{name}}"', saveFailed: 'Could not save: {{error}}', deleteFailed: 'Could not delete: {{error}}',
    stale: 'Someone else changed this channel; it has been reloaded, please edit it again', confirmDelete: 'Delete camera channel "{{name}}"?',
    confirmDeleteHint: 'Only the channel setting is deleted; the camera itself is not affected.',
    namePlaceholder: 'e.g. Workshop 1 entrance', urlPlaceholder: 'https://camera-or-media-server/live/xxx.m3u8',
    urlHelp: 'An http/https HLS playlist (.m3u8) or MP4 file; the address may not contain a user name or password.',
    nameRequired: 'Enter a channel name', nameTooLong: 'At most 64 characters',
    url: {
      required: 'Enter the stream address', tooLong: 'At most 2048 characters', spaces: 'The address may not contain spaces or control characters',
      invalid: 'Not a valid address: it must start with http:// or https://', protocol: 'Only http and https addresses are supported',
      credentials: 'The address may not contain a user name or password (user:password@); use an address without credentials',
      kind: 'The address must be an HLS playlist (.m3u8) or an MP4 file (.mp4)',
    },
    state: {
      connecting: 'Connecting to the stream…', offscreen: 'Paused while out of view',
      unreachable: 'Cannot connect to the stream', unreachableHint: 'Check the address, the network, that the camera is online and that its server allows cross-origin access.',
      invalid: 'Invalid stream address', invalidHint: 'The address does not answer with a playable HLS playlist.',
      unplayable: 'Cannot play this stream', unplayableHint: 'The address cannot be reached, or the browser does not support its format (use H.264).',
      media: 'The video could not be decoded', mediaHint: 'The video data is damaged or its encoding is not supported (use H.264).',
      unsupported: 'This browser cannot play the stream', unsupportedHint: 'Use a current Chrome, Edge or Firefox.',
      loadFailed: 'The player could not be loaded', loadFailedHint: 'Check the network and try again.',
      blocked: 'This stream\'s origin works after a reload', blockedHint: 'The channel\'s stream comes from an origin added after this page was opened; for security the page allows it once reloaded.',
    },
  },
};

/** Adds the camera channel texts to the `admin` namespace, once. */
export function registerVideoStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    // Not i18n.exists: it falls back to zh, so English would be taken as there once Chinese is.
    if (i18n.getResource(lng, 'admin', 'videos.add') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { videos: videoStrings[lng] }, true, false);
  }
}
