/** Result-code tables of SPEC §4 and §8, as the console shows them (zh). */

/** Firmware upgrade error codes (SPEC §4). */
export const UPGRADE_ERRORS: Record<number, string> = {
  0: '无', 1: '不支持的固件类型', 2: '已是最新版本', 3: '已是最新文件', 4: 'MD5校验失败',
  5: 'HTTP获取失败', 6: 'HTTP读取失败', 7: '设置HTTP地址失败', 8: '启动HTTP服务失败',
  9: '配置文件编号错误', 10: '固件未下载', 11: '格式错误', 12: '升级失败', 99: '任务超时',
  300: '升级失败', 301: '设备忙',
};

/** Device command error codes (SPEC §8). */
export const COMMAND_ERRORS: Record<number, string> = {
  0: '无', 1: '不支持的功能码', 2: '超出范围', 3: '寄存器数量超出范围', 4: '读写错误',
  5: '命令执行中', 6: '设备忙', 8: '校验错误', 10: '路径错误（无线设备未注册）', 11: '设备无应答',
  12: '设备不存在', 240: '无线失败', 241: '无线超时', 301: '设备忙', 302: '超出处理范围', 303: '命令失败',
};

/** Text for a code missing from a data-dictionary table (SPEC §8). */
export function unknownCodeText(id: number | string): string {
  return `错误码：${id}`;
}
