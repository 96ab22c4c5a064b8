import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const MAIN = join(__dirname, '..', '..', 'dist', 'apps', 'api', 'src', 'main.js');
/** The built operator CLI (`npm run cli`'s entry point). */
export const CLI = join(__dirname, '..', '..', 'dist', 'apps', 'cli', 'src', 'main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** Starts the built service (`npm start`'s entry point) as its own process. */
export async function startService(env: Record<string, string>): Promise<ServiceProcess> {
  if (!existsSync(MAIN))
    throw new Error(`${MAIN} is missing: run "npm run build" first (npm test does)`);
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`service exited with ${child.exitCode}: ${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Left running, the child would keep jest from exiting after the run.
      child.kill('SIGKILL');
      throw new Error(`service did not become healthy: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, baseUrl, output: () => output };
}

export async function kill(service: ServiceProcess, signal: NodeJS.Signals): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    service.child.once('exit', () => resolve());
    service.child.kill(signal);
  });
}
