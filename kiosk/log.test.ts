import { describe, expect, it } from 'vitest';
import { createLog, formatLine } from './log';

describe('kiosk log', () => {
  it('writes one line: ISO time, level, event, details', () => {
    const time = new Date('2026-11-22T10:00:00.000Z');
    expect(formatLine(time, 'WARN', 'browser.relaunch', { reason: 'browser closed', in_s: 1, skipped: undefined }))
      .toBe('2026-11-22T10:00:00.000Z WARN  browser.relaunch reason="browser closed" in_s=1');
  });

  it('never shows a registered secret or a token in an address', () => {
    const lines: string[] = [];
    const log = createLog({ write: (l) => lines.push(l) });
    log.secret('Lobby@2026');
    log.error('signin.refused', { error: 'wrong: Lobby@2026' });
    log.info('page.open', { url: 'http://h/kiosk?playlist=1&token=abcdef0123' });
    expect(lines.join('\n')).not.toContain('Lobby@2026');
    expect(lines.join('\n')).not.toContain('abcdef0123');
    expect(lines[1]).toContain('token=***');
  });
});
