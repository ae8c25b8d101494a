import net from 'node:net';

/**
 * A loopback port nothing listens on now: `wanted`, or one the OS picks when 0. Rejects when
 * `wanted` is in use (a leftover server).
 */
export function freePort(wanted = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err) => reject(new Error(`port ${wanted} is in use (a leftover server?): ${String(err)}`)));
    probe.listen(wanted, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
