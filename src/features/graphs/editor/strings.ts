/** Texts of the project-graph admin page (namespace `graphPage`; the editor's own are `graphEditor`). */
export const strings = {
  zh: {
    project: '项目', pickProject: '选择项目', noProjects: '暂无可查看的项目', graphs: '组态',
    noGraphs: '该项目还没有组态', create: '新建组态', rename: '重命名', setDefault: '设为默认', active: '启用',
    inactive: '未启用', isDefault: '默认', delete: '删除', liveView: '实时查看', save: '保存', saving: '正在保存…',
    saved: '已保存', unsaved: '有未保存的修改', name: '组态名称', nameRequired: '请输入组态名称（最多 64 个字）',
    createTitle: '新建组态', renameTitle: '重命名组态', cancel: '取消', ok: '确定',
    deleteTitle: '删除组态', deleteConfirm: '确定删除组态“{{name}}”吗？此操作不可恢复。',
    deleteDefaultBlocked: '默认组态不能删除：请先把另一个组态设为默认',
    leaveConfirm: '当前组态有未保存的修改，确定离开吗？',
    removedTitle: '保存时已移除不安全或不支持的内容', readOnly: '只读查看：你没有项目编辑权限',
    loadFailed: '组态加载失败', saveFailed: '保存失败', clientRefused: '组态内容无效',
  },
  en: {
    project: 'Project', pickProject: 'Pick a project', noProjects: 'No project to show', graphs: 'Graphs',
    noGraphs: 'This project has no graph yet', create: 'New graph', rename: 'Rename', setDefault: 'Make default', active: 'Active',
    inactive: 'Inactive', isDefault: 'Default', delete: 'Delete', liveView: 'Live view', save: 'Save', saving: 'Saving…',
    saved: 'Saved', unsaved: 'Unsaved changes', name: 'Graph name', nameRequired: 'Enter a graph name (at most 64 characters)',
    createTitle: 'New graph', renameTitle: 'Rename graph', cancel: 'Cancel', ok: 'OK',
    deleteTitle: 'Delete graph', deleteConfirm: 'Delete the graph “{{name}}”? This cannot be undone.',
    deleteDefaultBlocked: 'The default graph cannot be deleted: make another graph the default first',
    leaveConfirm: 'This graph has unsaved changes. Leave anyway?',
    removedTitle: 'Unsafe or unsupported content was removed on save', readOnly: 'Read-only: you lack the project-edit right',
    loadFailed: 'Could not load the graph', saveFailed: 'Save failed', clientRefused: 'The graph is not valid',
  },
} as const;
