import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { configFile, readLogin, removeLogin, writeLogin } from './config-store';

describe('the stored login', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-config-'));
    file = path.join(dir, 'nested', 'config.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lives in ATELIER_CONFIG_DIR, else XDG_CONFIG_HOME/atelier, else ~/.config/atelier', () => {
    expect(configFile({ ATELIER_CONFIG_DIR: '/etc/at' })).toBe('/etc/at/config.json');
    if (process.platform === 'win32') return;
    expect(configFile({ XDG_CONFIG_HOME: '/home/me/.cfg' })).toBe('/home/me/.cfg/atelier/config.json');
    expect(configFile({})).toBe(path.join(os.homedir(), '.config', 'atelier', 'config.json'));
  });

  it('is written readable by its owner only, read back, and removed', () => {
    expect(readLogin(file)).toBeUndefined();
    writeLogin({ apiUrl: 'http://localhost:3000', token: 't'.repeat(32) }, file);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readLogin(file)).toEqual({ apiUrl: 'http://localhost:3000', token: 't'.repeat(32) });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['config.json']);
    expect(removeLogin(file)).toBe(true);
    expect(removeLogin(file)).toBe(false);
  });

  it('names the file and the way out when it is not a login', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'not json');
    expect(() => readLogin(file)).toThrow(`${file} is not JSON; run atelier logout, then atelier login`);
    fs.writeFileSync(file, '{"apiUrl": "http://x"}');
    expect(() => readLogin(file)).toThrow(`${file} has no apiUrl and token`);
  });
});
