import i18n from 'i18next';

/** Texts of 版本信息 and 授权信息: `admin:about.*`. */
export const aboutStrings = {
  zh: {
    product: '产品', productVersion: '产品版本', consoleBuild: '控制台构建', builtAt: '构建时间', commit: '提交',
    server: '服务器', node: 'Node.js', platform: '平台', database: '数据库', migrations: '数据库结构版本',
    migrationsValue: '已应用 {{count}} 个迁移，最新 {{latest}}', pending: '待应用：{{names}}', startedAt: '服务启动于',
    apiDocs: '接口文档', apiDocsHint: 'OpenAPI 3.1，按本服务器的接口生成', openApiDocs: '打开接口文档',
    components: '开源组件', componentsHint: '产品随附的开源组件及其许可证，构建时从已安装的依赖读取。',
    search: '搜索组件或许可证', name: '名称', version: '版本', license: '许可证', count: '共 {{count}} 个组件',
    loadFailed: '加载失败：{{error}}',
    licence: '当前授权', state: '状态', states: { valid: '有效', expired: '已过期', invalid: '无效', none: '无授权' },
    source: '来源', shipped: '随产品提供的演示授权', imported: '{{at}} 由 {{by}} 导入', importedNoBy: '{{at}} 导入',
    licensee: '被授权方', licenceId: '授权编号', issued: '签发日期', expiry: '到期日期', daysLeft: '剩余 {{count}} 天',
    devices: '设备数', users: '用户数', usage: '{{used}} / {{max}}', features: '授权功能', noFeatures: '无', problem: '问题',
    importTitle: '导入授权文件', importHint: '选择供应商签发的授权文件（.json）。签名不符、被修改或已过期的文件会被拒绝，当前授权保持不变。',
    choose: '选择授权文件', importing: '正在导入…', imported_ok: '已导入授权：{{licensee}}', importFailed: '授权文件被拒绝：{{error}}',
    readFailed: '无法读取文件：{{error}}', noRight: '导入授权需要“授权管理”权限。',
    warnings: {
      expired: '授权已过期：不能再添加设备和用户，已有数据照常工作。请导入新的授权文件。',
      invalid: '授权文件无效：不能再添加设备和用户，已有数据照常工作。请导入新的授权文件。',
      none: '没有可用的授权文件：不能再添加设备和用户。请导入授权文件。',
      expiring: '授权将在 {{count}} 天后到期，请及时导入新的授权文件。',
      'devices-full': '授权设备数已达上限（{{used}} / {{max}}）：不能再添加设备，已有设备照常工作。',
      'users-full': '授权用户数已达上限（{{used}} / {{max}}）：不能再添加用户，已有用户照常工作。',
    },
    bannerLink: '查看授权信息',
  },
  en: {
    product: 'Product', productVersion: 'Version', consoleBuild: 'Console build', builtAt: 'Built', commit: 'Commit',
    server: 'Server', node: 'Node.js', platform: 'Platform', database: 'Database', migrations: 'Schema version',
    migrationsValue: '{{count}} migrations applied, latest {{latest}}', pending: 'Pending: {{names}}', startedAt: 'Server started',
    apiDocs: 'API reference', apiDocsHint: 'OpenAPI 3.1, generated from this server\'s endpoints', openApiDocs: 'Open the API reference',
    components: 'Open-source components', componentsHint: 'The open-source components shipped with the product and their licences, read from the installed packages at build time.',
    search: 'Search components or licences', name: 'Name', version: 'Version', license: 'Licence', count: '{{count}} components',
    loadFailed: 'Could not load: {{error}}',
    licence: 'Licence in force', state: 'State', states: { valid: 'Valid', expired: 'Expired', invalid: 'Invalid', none: 'None' },
    source: 'Source', shipped: 'Demo licence shipped with the product', imported: 'Imported {{at}} by {{by}}', importedNoBy: 'Imported {{at}}',
    licensee: 'Licensee', licenceId: 'Licence number', issued: 'Issued', expiry: 'Expires', daysLeft: '{{count}} days left',
    devices: 'Devices', users: 'Users', usage: '{{used}} / {{max}}', features: 'Features', noFeatures: 'None', problem: 'Problem',
    importTitle: 'Import a licence file', importHint: 'Choose the licence file (.json) your supplier issued. A file whose signature does not match, that was changed or has expired is refused, and the licence in force stays.',
    choose: 'Choose licence file', importing: 'Importing…', imported_ok: 'Licence imported: {{licensee}}', importFailed: 'Licence file refused: {{error}}',
    readFailed: 'Could not read the file: {{error}}', noRight: 'Importing a licence takes the licence management right.',
    warnings: {
      expired: 'The licence has expired: no more devices or users can be added; existing data keeps working. Import a new licence file.',
      invalid: 'The licence file is not valid: no more devices or users can be added; existing data keeps working. Import a new licence file.',
      none: 'There is no licence file: no devices or users can be added. Import a licence file.',
      expiring: 'The licence expires in {{count}} days: import a new licence file in time.',
      'devices-full': 'The licensed number of devices is reached ({{used}} / {{max}}): no more devices can be added; existing ones keep working.',
      'users-full': 'The licensed number of users is reached ({{used}} / {{max}}): no more users can be added; existing ones keep working.',
    },
    bannerLink: 'View licence',
  },
};

/** Adds the about texts under `about` to the admin namespace (once). */
export function registerAboutStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'about.product') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { about: aboutStrings[lng] }, true, false);
  }
}
