import { describe, expect, it } from 'vitest';
import { testLocated } from '../shared/testProject';
import { CLUSTER_DISTANCE_PX, clusterProjects, unclustered } from './clusterProjects';

// 10 px per degree both ways: 1° apart is 10 px, 5° apart is 50 px.
const scale = { x: 10, y: 10 };

describe('clusterProjects', () => {
  it('groups projects closer than the distance on screen and keeps far ones apart', () => {
    const clusters = clusterProjects([
      testLocated(1, { lng: 121.0, lat: 31.0 }),
      testLocated(2, { lng: 121.5, lat: 31.5 }),
      testLocated(3, { lng: 116.4, lat: 39.9 }),
    ], scale);
    expect(clusters.map((c) => c.members.map((p) => p.id))).toEqual([[1, 2], [3]]);
    expect(clusters[0]).toMatchObject({ key: 'c1', lng: 121.25, lat: 31.25, devices: 20, online: 18 });
    expect(clusters[1]).toMatchObject({ key: 'p3', lng: 116.4, lat: 39.9 });
  });

  it('depends on the zoom: the same projects split when zoomed in', () => {
    const projects = [testLocated(1, { lng: 121.0, lat: 31.0 }), testLocated(2, { lng: 121.5, lat: 31.5 })];
    expect(clusterProjects(projects, scale)).toHaveLength(1);
    expect(clusterProjects(projects, { x: 100, y: 100 })).toHaveLength(2);
  });

  it('measures distance with the map aspect (latitude stretched apart from longitude)', () => {
    const projects = [testLocated(1, { lng: 100, lat: 30 }), testLocated(2, { lng: 100, lat: 32 })];
    expect(clusterProjects(projects, { x: 10, y: 10 })).toHaveLength(1);
    expect(clusterProjects(projects, { x: 10, y: 20 })).toHaveLength(2);
  });

  it('shows the worst state of a group (alarm, then offline) and sums its alarms', () => {
    const near = (id: number, state: 'normal' | 'alarm' | 'offline', alarms = 0) => testLocated(id, { lng: 110 + id * 0.1, lat: 30, state, alarms });
    expect(clusterProjects([near(1, 'normal'), near(2, 'offline')], scale)[0].state).toBe('offline');
    const worst = clusterProjects([near(1, 'offline'), near(2, 'alarm', 3), near(3, 'normal')], scale)[0];
    expect(worst).toMatchObject({ state: 'alarm', alarms: 3 });
    expect(worst.members).toHaveLength(3);
  });

  it('does not depend on the order of the data', () => {
    const projects = [1, 2, 3, 4, 5, 6].map((id) => testLocated(id, { lng: 100 + id * 2.2, lat: 30 }));
    const forward = clusterProjects(projects, scale);
    const backward = clusterProjects([...projects].reverse(), scale);
    expect(backward).toEqual(forward);
    expect(forward.length).toBeGreaterThan(1);
  });

  it('joins a project to the nearest group across grid cell borders', () => {
    // Groups start at 1000 px and 1060 px (grid cells 31 and 33); the third project, at 1035 px in
    // cell 32, is 35 px from the first and 25 px from the second.
    const clusters = clusterProjects([
      testLocated(1, { lng: 100, lat: 30 }),
      testLocated(2, { lng: 106, lat: 30 }),
      testLocated(3, { lng: 103.5, lat: 30 }),
    ], scale);
    expect(clusters.map((c) => c.members.map((p) => p.id))).toEqual([[1], [2, 3]]);
  });

  it('keeps every project apart without a usable scale, and for many projects far apart', () => {
    const projects = [testLocated(2), testLocated(1)];
    expect(clusterProjects(projects, { x: 0, y: 10 })).toEqual(unclustered(projects));
    expect(unclustered(projects).map((c) => c.key)).toEqual(['p1', 'p2']);
    const grid = Array.from({ length: 400 }, (_, i) => testLocated(i + 1, { lng: 80 + (i % 20) * 4, lat: 10 + Math.floor(i / 20) * 4 }));
    expect(clusterProjects(grid, scale, CLUSTER_DISTANCE_PX)).toHaveLength(400);
    expect(clusterProjects(grid, { x: 1, y: 1 }, CLUSTER_DISTANCE_PX).length).toBeLessThan(20);
  });
});
