import i18n from 'i18next';

/** Texts of 测点授权 (/nv_product/nv_measure_auth/{isIotDevice}): `admin:measureAuth.*`. */
export const measureAuthStrings = {
  zh: {
    roles: '角色',
    products: '产品',
    iotProducts: '物联网产品',
    points: '测点',
    searchRoles: '搜索角色',
    searchProducts: '搜索产品',
    noRoles: '暂无可见角色',
    noProducts: '暂无产品',
    noPoints: '该产品还没有测点',
    chooseRole: '请在左侧选择角色',
    chooseProduct: '请选择产品',
    heading: '角色“{{role}}”可查看“{{product}}”的测点',
    hint: '勾选的测点对该角色的用户可见；保存后替换该角色在此产品上的测点权限，其他产品不受影响',
    selectAll: '全选',
    selectNone: '全不选',
    checked: '已选 {{count}} / {{total}}',
    ungrouped: '未分组',
    save: '保存',
    reset: '撤销更改',
    saved: '已保存：“{{role}}”可查看“{{product}}”的 {{count}} 个测点',
    saveFailed: '保存失败：{{error}}',
    loadFailed: '加载失败：{{error}}',
    unsavedTitle: '有未保存的更改',
    unsavedText: '“{{role}}”在“{{product}}”上的测点权限尚未保存，确定放弃这些更改吗？',
    discard: '放弃更改',
    keepEditing: '继续编辑',
    unsaved: '未保存',
    readOnly: '您没有“{{right}}”权限，只能查看',
    badBranch: '地址中的产品分类“{{value}}”无效：应为 1（物联网产品）或 0（其他产品）',
    register: '地址 {{addr}}',
  },
  en: {
    roles: 'Roles',
    products: 'Products',
    iotProducts: 'IoT products',
    points: 'Measure points',
    searchRoles: 'Search roles',
    searchProducts: 'Search products',
    noRoles: 'No roles you can see',
    noProducts: 'No products',
    noPoints: 'This product has no measure points yet',
    chooseRole: 'Choose a role on the left',
    chooseProduct: 'Choose a product',
    heading: 'Measure points of “{{product}}” that role “{{role}}” may see',
    hint: 'Users of the role see the checked points; saving replaces the role\'s rights on this product only',
    selectAll: 'Select all',
    selectNone: 'Select none',
    checked: '{{count}} of {{total}} chosen',
    ungrouped: 'Ungrouped',
    save: 'Save',
    reset: 'Undo changes',
    saved: 'Saved: “{{role}}” sees {{count}} points of “{{product}}”',
    saveFailed: 'Could not save: {{error}}',
    loadFailed: 'Could not load: {{error}}',
    unsavedTitle: 'Unsaved changes',
    unsavedText: 'The rights of “{{role}}” on “{{product}}” are not saved. Discard the changes?',
    discard: 'Discard',
    keepEditing: 'Keep editing',
    unsaved: 'Unsaved',
    readOnly: 'Without the right “{{right}}” you can only look',
    badBranch: 'The product branch “{{value}}” in the address is not valid: 1 (IoT products) or 0 (other products)',
    register: 'address {{addr}}',
  },
};

/** Adds the measure rights texts under `measureAuth` to the admin namespace (once). */
export function registerMeasureAuthStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'measureAuth.roles') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { measureAuth: measureAuthStrings[lng] }, true, false);
  }
}
