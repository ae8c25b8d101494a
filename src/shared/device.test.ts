import { describe, expect, it } from 'vitest';
import { deviceClassFor, initialSidebar, sidebarAfterResize } from './device';

describe('deviceClassFor', () => {
  it('splits at 576 and 1200', () => {
    expect(deviceClassFor(375)).toBe('mobile');
    expect(deviceClassFor(575)).toBe('mobile');
    expect(deviceClassFor(576)).toBe('tablet');
    expect(deviceClassFor(1199)).toBe('tablet');
    expect(deviceClassFor(1200)).toBe('desktop');
    expect(deviceClassFor(3840)).toBe('desktop');
  });
});

describe('initialSidebar', () => {
  it('follows the cookie on wide windows, open by default', () => {
    expect(initialSidebar(1920, undefined).opened).toBe(true);
    expect(initialSidebar(1920, '1').opened).toBe(true);
    expect(initialSidebar(1920, '0').opened).toBe(false);
  });

  it('starts closed at 1200 or less and on mobile', () => {
    expect(initialSidebar(1200, '1').opened).toBe(false);
    expect(initialSidebar(400, '1').opened).toBe(false);
    expect(initialSidebar(1201, '1').opened).toBe(true);
  });
});

describe('sidebarAfterResize', () => {
  it('closes when the window shrinks to 1200 or less and opens above', () => {
    expect(sidebarAfterResize(1920, 1200)).toBe(false);
    expect(sidebarAfterResize(1100, 1366)).toBe(true);
  });

  it('leaves the user choice alone while the width stays on one side', () => {
    expect(sidebarAfterResize(1920, 1400)).toBeUndefined();
    expect(sidebarAfterResize(800, 1000)).toBeUndefined();
  });
});
