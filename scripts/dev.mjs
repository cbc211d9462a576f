#!/usr/bin/env node
// `npm run dev`: the API (restarting on change) and Vite's dev server (proxying /api) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/serve.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
