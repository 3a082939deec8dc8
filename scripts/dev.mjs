// `npm run dev`: the API with reload (tsx watch, :3000) and the Vite dev server (:5173) together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@ovation/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@ovation/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && stop()));
