import { demoAccountsExposed, readConfig } from './config';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { startServer } from './server';

/** `npm start`: the platform server with the console, on one port. */
async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config);
  const log = server.app.log;
  log.info(`database: ${server.database.dialect} ${server.database.location}`);
  if (server.migrations.length) log.info(`migrations applied: ${server.migrations.join(', ')}`);
  if (server.sealedSecrets) log.info(`secrets sealed: ${server.sealedSecrets} stored in plain text until now`);
  if (server.demoSeed) log.info(`demo data seeded: ${server.demoSeed.projects} projects, ${server.demoSeed.devices} devices`);
  const lines = [`nv-console is running at ${server.url}`];
  if (config.demo) {
    lines.push('Demo accounts:');
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.username.padEnd(12)} ${a.password.padEnd(15)} ${a.note}`);
  }
  if (demoAccountsExposed(config)) {
    const rule = '!'.repeat(78);
    lines.push('', rule,
      `WARNING: demo mode is listening on ${config.host}: the demo accounts above, whose passwords`,
      'are published in the README, can sign in from any machine that reaches this one.',
      'For a real site: DEMO=0 with ADMIN_PASSWORD, or HOST=127.0.0.1 to keep the demo local.',
      rule);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing requests and closing the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(() => process.exit(0), (err) => {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`nv-console failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
