/** Demo accounts seeded by the server in DEMO mode, with what the console shows for them. */
export interface Account {
  username: string;
  password: string;
  nickName: string;
}

export const ADMIN = {
  username: 'admin',
  password: 'Admin@2026',
  nickName: '系统管理员',
  orgName: '诺维环境科技有限公司',
} as const;

export const OPERATOR = { username: 'operator', password: 'Operator@2026', nickName: '业主运维' } as const;

export const SUPERADMIN = { username: 'superadmin', password: 'Super@2026', nickName: '超级管理员' } as const;

export const PRODUCT_NAME = '工业物联网平台';
export const PRODUCT_VERSION = 'v1.5.0';
