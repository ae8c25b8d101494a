/**
 * Texts of the graph editor (namespace `graphEditor`, registered by registerEditorStrings when the
 * editor's chunk loads). Symbol names come from the library's namespace `graph`.
 */
export const strings = {
  zh: {
    palette: { title: '图元', search: '搜索图元', hint: '拖到画布上，或单击添加' },
    toolbar: {
      undo: '撤销 (Ctrl+Z)', redo: '重做 (Ctrl+Y)', copy: '复制 (Ctrl+C)', paste: '粘贴 (Ctrl+V)',
      duplicate: '复制一份 (Ctrl+D)', delete: '删除 (Delete)', connect: '连接所选两个图元',
      zoomIn: '放大 (+)', zoomOut: '缩小 (-)', zoomFit: '适应窗口', zoomActual: '100%',
      grid: '网格', snap: '对齐网格', gridSize: '网格大小',
      alignLeft: '左对齐', alignCenter: '水平居中', alignRight: '右对齐',
      alignTop: '顶端对齐', alignMiddle: '垂直居中', alignBottom: '底端对齐',
      distributeH: '水平等距分布', distributeV: '垂直等距分布',
      rotate: '旋转 90°', edgeStyle: '连线样式', orthogonal: '正交', elbow: '折线', straight: '直线', flow: '流动动画',
      toFront: '置于顶层', toBack: '置于底层',
    },
    layers: {
      title: '图层', add: '新建图层', visible: '显示', hidden: '隐藏', current: '当前图层', moveHere: '移入所选',
      defaultName: '图层 {{n}}', rename: '图层名称',
    },
    binding: {
      title: '数据绑定', none: '选中一个图元以编辑其属性和绑定', multiple: '已选中 {{n}} 个图元', edge: '连线',
      label: '标签', device: '设备', measure: '测点', searchDevice: '搜索设备', searchMeasure: '搜索测点',
      noDevice: '不绑定', noMeasure: '只绑定设备', noDevices: '该项目暂无设备', loadingMeasures: '正在加载测点…',
      measuresFailed: '测点加载失败', format: '显示格式', formatDefault: '按测点精度', unit: '单位',
      rules: '状态样式', normal: '正常颜色', alarm: '告警颜色', offline: '离线颜色', blink: '告警时闪烁',
      flow: '运行时流动动画', fill: '液位填充', fillMin: '最小值', fillMax: '最大值', apply: '应用', reset: '还原',
      unbind: '解除绑定', symbol: '图元', applied: '已应用',
      errFill: '填充范围：最小值和最大值都要填写，且最大值大于最小值',
      errFormat: '显示格式只能是 0、0.0、0.00 或 0.000', errMeasure: '先选择设备再选择测点',
    },
    readOnly: '只读：你没有项目编辑权限',
    canvas: '组态画布',
  },
  en: {
    palette: { title: 'Symbols', search: 'Search symbols', hint: 'Drag onto the canvas, or click to add' },
    toolbar: {
      undo: 'Undo (Ctrl+Z)', redo: 'Redo (Ctrl+Y)', copy: 'Copy (Ctrl+C)', paste: 'Paste (Ctrl+V)',
      duplicate: 'Duplicate (Ctrl+D)', delete: 'Delete (Delete)', connect: 'Connect the two selected symbols',
      zoomIn: 'Zoom in (+)', zoomOut: 'Zoom out (-)', zoomFit: 'Fit', zoomActual: '100%',
      grid: 'Grid', snap: 'Snap to grid', gridSize: 'Grid size',
      alignLeft: 'Align left', alignCenter: 'Align centre', alignRight: 'Align right',
      alignTop: 'Align top', alignMiddle: 'Align middle', alignBottom: 'Align bottom',
      distributeH: 'Distribute horizontally', distributeV: 'Distribute vertically',
      rotate: 'Rotate 90°', edgeStyle: 'Edge style', orthogonal: 'Orthogonal', elbow: 'Elbow', straight: 'Straight', flow: 'Flow animation',
      toFront: 'Bring to front', toBack: 'Send to back',
    },
    layers: {
      title: 'Layers', add: 'New layer', visible: 'Show', hidden: 'Hide', current: 'Current layer', moveHere: 'Move selection here',
      defaultName: 'Layer {{n}}', rename: 'Layer name',
    },
    binding: {
      title: 'Data binding', none: 'Select a symbol to edit its properties and binding', multiple: '{{n}} symbols selected', edge: 'Edge',
      label: 'Label', device: 'Device', measure: 'Measure', searchDevice: 'Search devices', searchMeasure: 'Search measures',
      noDevice: 'Not bound', noMeasure: 'Device only', noDevices: 'This project has no devices', loadingMeasures: 'Loading measures…',
      measuresFailed: 'Could not load the measures', format: 'Display format', formatDefault: 'Measure precision', unit: 'Unit',
      rules: 'State styling', normal: 'Normal colour', alarm: 'Alarm colour', offline: 'Offline colour', blink: 'Blink on alarm',
      flow: 'Flow animation while running', fill: 'Fill level', fillMin: 'Min', fillMax: 'Max', apply: 'Apply', reset: 'Revert',
      unbind: 'Unbind', symbol: 'Symbol', applied: 'Applied',
      errFill: 'Fill range: give both min and max, max greater than min',
      errFormat: 'The display format must be 0, 0.0, 0.00 or 0.000', errMeasure: 'Pick a device before a measure',
    },
    readOnly: 'Read-only: you lack the project-edit right',
    canvas: 'Graph canvas',
  },
} as const;
