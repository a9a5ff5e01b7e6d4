import * as fs from 'node:fs';
import * as path from 'node:path';

// src/config and dist/config are both two levels below backend/package.json.
const backendPackage = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'),
) as { version: string };

export const APP_VERSION = backendPackage.version;
