// The Redis the queue tests use: a redis-server on port 6390, started here
// when it is installed but not running (.ci/install-system-deps.sh installs
// it), with nothing saved to disk. Without redis-server the queue tests are
// skipped, except in CI (CI=true), where that is a failure.
import { spawnSync } from 'node:child_process';

export const REDIS_PORT = 6390;
export const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}/0`;
export const IN_CI = process.env.CI === 'true';

const ping = (): boolean => spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
const installed = spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;

function startRedis(): boolean {
  if (ping()) return true;
  if (!installed) return false;
  spawnSync('redis-server', ['--port', String(REDIS_PORT), '--daemonize', 'yes', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50 && !ping(); i++) spawnSync('sleep', ['0.1']);
  return ping();
}

export const HAVE_REDIS = startRedis();
export const NO_REDIS = `no Redis on port ${REDIS_PORT} (install redis-server: .ci/install-system-deps.sh)`;
