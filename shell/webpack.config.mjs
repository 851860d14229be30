import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'shell', host: true });
