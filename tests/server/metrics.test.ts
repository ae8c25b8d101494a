import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { metricsAllowed } from '../../server/http/metrics';
import { startTestServer, type TestServer } from './harness';

/** The value of one series in a Prometheus text exposition; undefined when absent. */
function series(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics (server/http/metrics.ts)', () => {
  let t: TestServer;
  const scrape = async (headers: Record<string, string> = {}) => {
    const r = await fetch(`${t.url}/metrics`, { headers });
    return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
  };

  beforeAll(async () => { t = await startTestServer(); });
  afterAll(async () => {
    delete process.env.METRICS_TOKEN;
    await t?.dispose();
  });

  it('answers a loopback client in Prometheus text format with requests, latency, hub, ingest, alarms, queues and the database', async () => {
    await fetch(`${t.url}/api/sys/info`);
    await fetch(`${t.url}/api/sys/info`);
    await fetch(`${t.url}/api/t_device/names`);
    const first = await scrape();
    expect(first.status).toBe(200);
    expect(first.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = first.text;
    // By route pattern and status, never by raw URL.
    expect(series(text, 'nv_http_requests_total', 'method="GET",route="/api/sys/info",status="200"')).toBe(2);
    expect(series(text, 'nv_http_requests_total', 'method="GET",route="/api/t_device/names",status="401"')).toBe(1);
    expect(text).toContain('nv_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/sys/info",status="200"}');
    expect(series(text, 'nv_http_request_duration_seconds_count', 'method="GET",route="/api/sys/info",status="200"')).toBe(2);
    expect(series(text, 'nv_hub_connections')).toBe(0);
    for (const state of ['queued', 'failed', 'sending']) expect(series(text, 'nv_notification_queue_depth', `state="${state}"`)).toBeGreaterThanOrEqual(0);
    for (const state of ['queued', 'sent']) expect(series(text, 'nv_gateway_command_queue_depth', `state="${state}"`)).toBeGreaterThanOrEqual(0);
    expect(series(text, 'nv_db_size_bytes')).toBeGreaterThan(100_000);
    expect(text).toMatch(/^nv_db_connections\{state="[a-z ]+"\} [1-9]/m);
    expect(text).toContain('process_cpu_user_seconds_total');

    // Ingest five samples of a demo point: the sample counter and the alarm engine's evaluations move by five.
    const point = await t.database.db.selectFrom('t_real_measure').select(['device_id', 'measure_id', 'ts'])
      .orderBy('device_id').orderBy('measure_id').executeTakeFirstOrThrow();
    const samples0 = series(text, 'nv_ingest_samples_total') ?? 0;
    const evaluations0 = series(text, 'nv_alarm_evaluations_total') ?? 0;
    const base = Date.now();
    const result = await t.telemetry.ingest.ingest(Array.from({ length: 5 }, (_, i) => ({
      deviceId: point.device_id, measureId: point.measure_id, value: 1 + i, ts: base + i * 1000,
    })));
    expect(result).toMatchObject({ accepted: 5 });
    const second = await scrape();
    expect(series(second.text, 'nv_ingest_samples_total')).toBe(samples0 + 5);
    expect(series(second.text, 'nv_alarm_evaluations_total')).toBe(evaluations0 + 5);
    // The scrape itself is counted.
    expect(series(second.text, 'nv_http_requests_total', 'method="GET",route="/metrics",status="200"')).toBe(1);
  });

  it('with METRICS_TOKEN answers only its bearer', async () => {
    process.env.METRICS_TOKEN = 'metrics-test-token-0123456789';
    t = await t.restart();
    expect((await scrape()).status).toBe(403);
    expect((await scrape({ authorization: 'Bearer metrics-test-token-012345678X' })).status).toBe(403);
    const ok = await scrape({ authorization: 'Bearer metrics-test-token-0123456789' });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('nv_http_requests_total');
    expect(ok.text).not.toContain('metrics-test-token');
    delete process.env.METRICS_TOKEN;
  });

  it('without a token answers loopback clients only', () => {
    const req = (ip: string, authorization?: string, forwarded?: string) =>
      ({ ip, headers: { authorization, ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) } }) as unknown as FastifyRequest;
    expect(metricsAllowed(req('127.0.0.1'), undefined)).toBe(true);
    expect(metricsAllowed(req('::1'), undefined)).toBe(true);
    expect(metricsAllowed(req('10.0.0.5'), undefined)).toBe(false);
    // Through a proxy on this host: the client is elsewhere.
    expect(metricsAllowed(req('127.0.0.1', undefined, '203.0.113.9'), undefined)).toBe(false);
    expect(metricsAllowed(req('10.0.0.5', 'Bearer x'), undefined)).toBe(false);
    expect(metricsAllowed(req('10.0.0.5', 'Bearer secret'), 'secret')).toBe(true);
    expect(metricsAllowed(req('127.0.0.1'), 'secret')).toBe(false);
  });
});
