import i18n from 'i18next';

/** Texts of 组态库 and 项目组态库: `admin:graphLibs.*`. */
export const graphLibStrings = {
  zh: {
    helpAll: '组态库汇集您可见的所有项目的组态，可打开编辑，或复制到另一个项目作为模板（复制到其他项目时清除设备绑定，需在编辑器中重新绑定）。',
    helpProject: '项目组态库列出所选项目的全部组态：默认组态在监控画面中首先显示，启用的组态参与实时查看和轮播。',
    project: '项目', allProjects: '全部项目', pickProject: '请选择项目', search: '按名称搜索',
    name: '组态名称', projectName: '所属项目', isDefault: '默认', isActive: '启用', updatedAt: '更新时间', actions: '操作',
    defaultTag: '默认', setDefault: '设为默认', open: '打开', copy: '复制', delete: '删除', create: '新建组态',
    active: '启用', inactive: '停用', total: '共 {{count}} 个组态',
    empty: '暂无组态数据', readOnly: '您只能查看和打开组态；复制、设为默认、启用和删除需要项目编辑权限（{{right}}）。',
    loadFailed: '加载失败：{{error}}', projectMissing: '项目不存在或不在您的数据范围内',
    copyTitle: '复制组态“{{name}}”', copyName: '新组态名称', copyTarget: '复制到项目', copySuffix: '{{name}}（副本）',
    copyOtherHint: '复制到其他项目时，设备绑定会被清除（设备属于原项目），请在编辑器中重新绑定。',
    copied: '已复制为“{{name}}”', copiedUnbound: '已复制为“{{name}}”，{{count}} 个单元的设备绑定已清除，请在编辑器中重新绑定',
    nameRequired: '请填写组态名称', ok: '确定', cancel: '取消',
    defaultSet: '已将“{{name}}”设为默认组态', activeSet: '已启用“{{name}}”', inactiveSet: '已停用“{{name}}”',
    confirmDelete: '删除组态“{{name}}”？', confirmDeleteHint: '删除后无法恢复。', deleted: '已删除“{{name}}”', failed: '操作失败：{{error}}',
  },
  en: {
    helpAll: 'The graph library gathers the graphs of every project you can see: open one to edit it, or copy it to another project as a template (a copy into another project loses its device bindings; bind again in the editor).',
    helpProject: 'The project graph library lists all graphs of the chosen project: the default one shows first in monitoring, active ones take part in the live view and the kiosk rotation.',
    project: 'Project', allProjects: 'All projects', pickProject: 'Choose a project', search: 'Search by name',
    name: 'Graph name', projectName: 'Project', isDefault: 'Default', isActive: 'Active', updatedAt: 'Updated', actions: 'Actions',
    defaultTag: 'Default', setDefault: 'Make default', open: 'Open', copy: 'Copy', delete: 'Delete', create: 'New graph',
    active: 'Active', inactive: 'Inactive', total: 'Graphs: {{count}}',
    empty: 'No graph data', readOnly: 'You can view and open graphs; copying, default, active and deleting need the project edit right ({{right}}).',
    loadFailed: 'Could not load: {{error}}', projectMissing: 'The project does not exist or is outside your data scope',
    copyTitle: 'Copy graph "{{name}}"', copyName: 'New graph name', copyTarget: 'Copy to project', copySuffix: '{{name}} (copy)',
    copyOtherHint: 'A copy into another project loses its device bindings (the devices belong to the source project); bind again in the editor.',
    copied: 'Copied as "{{name}}"', copiedUnbound: 'Copied as "{{name}}"; the device bindings of {{count}} cells were cleared, bind them again in the editor',
    nameRequired: 'Enter a graph name', ok: 'OK', cancel: 'Cancel',
    defaultSet: '"{{name}}" is now the default graph', activeSet: '"{{name}}" is active', inactiveSet: '"{{name}}" is inactive',
    confirmDelete: 'Delete graph "{{name}}"?', confirmDeleteHint: 'This cannot be undone.', deleted: 'Deleted "{{name}}"', failed: 'Failed: {{error}}',
  },
};

/** Adds the graph library texts to the `admin` namespace, once. */
export function registerGraphLibStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    // Not i18n.exists: it falls back to zh, so English would be taken as there once Chinese is.
    if (i18n.getResource(lng, 'admin', 'graphLibs.open') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { graphLibs: graphLibStrings[lng] }, true, false);
  }
}
