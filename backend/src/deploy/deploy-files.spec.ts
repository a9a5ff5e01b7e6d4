import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { parse } from 'yaml';

// The scale-out files at the repository root, checked where no Docker daemon runs (CI, this
// machine): docker-compose.yml against the Compose Specification's JSON schema, and against what
// the README promises of them. The schema is compose-spec/compose-spec's schema/compose-spec.json
// (Apache-2.0), as the dclint package (MIT) ships it in schemas/compose.schema.json; updating
// dclint updates it.

const ROOT = path.resolve(__dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  ports?: unknown[];
  expose?: unknown[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
interface ComposeFile {
  services: Record<string, Service>;
}

// Compose resolves YAML merge keys (`<<: *app-env`) before it validates; so does this.
const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as ComposeFile;
const { services } = compose;

function composeSchemaValidator() {
  const dclint = path.dirname(require.resolve('dclint/package.json'));
  const schema = JSON.parse(fs.readFileSync(path.join(dclint, 'schemas/compose.schema.json'), 'utf8')) as object;
  // Formats such as "duration" are Compose's own; the structure is what is checked here.
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  // The schema names draft-07 by its https address; Ajv knows the same meta-schema by its http one.
  ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
  return ajv.compile(schema);
}

describe('docker-compose.yml', () => {
  it('is a valid Compose file by the Compose Specification schema', () => {
    const validate = composeSchemaValidator();
    expect(validate.errors ?? []).toEqual([]);
    expect(validate(compose)).toBe(true);
    // The schema does refuse what Compose refuses: a misspelt key, a port list that is not a list.
    const broken = parse(composeText, { merge: true }) as { services: Record<string, Record<string, unknown>> };
    broken.services.api.helthcheck = broken.services.api.healthcheck;
    broken.services.proxy.ports = '3000:80';
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toEqual(expect.arrayContaining(['/services/api', '/services/proxy/ports']));
  });

  it('publishes a host port only on the proxy, so API replicas do not collide', () => {
    const publishing = Object.entries(services).filter(([, service]) => service.ports !== undefined);
    expect(publishing.map(([name]) => name)).toEqual(['proxy']);
    expect(services.proxy.ports).toEqual(['${ATELIER_PORT:-3000}:80']);
    expect(services.api.ports).toBeUndefined();
  });

  it('puts Caddy with deploy/Caddyfile in front, balancing across every api replica found by DNS', () => {
    expect(services.proxy.image).toMatch(/^caddy:2(\b|$)/);
    expect(services.proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('deploy/Caddyfile').replace(/#.*$/gm, '');
    expect(caddyfile).toMatch(/^:80 \{/m); // the port the proxy publishes
    const upstreams = /dynamic a \{([^}]*)\}/.exec(caddyfile)?.[1] ?? '';
    const setting = (name: string) => new RegExp(`^\\s*${name}\\s+(\\S+)\\s*$`, 'm').exec(upstreams)?.[1];
    expect(setting('name')).toBe('api'); // the compose service, whose DNS name lists each replica
    expect(services[setting('name') ?? '']).toBeDefined();
    expect(setting('port')).toBe(String(services.api.environment?.PORT));
    expect(setting('refresh')).toMatch(/^\d+s$/); // asks DNS again, so --scale is noticed
    expect(caddyfile).toMatch(/^\s*flush_interval -1$/m); // streams are not buffered
  });

  it('starts the proxy and the worker once the API is healthy, and the API once its databases are', () => {
    expect(services.proxy.depends_on?.api).toEqual({ condition: 'service_healthy' });
    expect(services.worker.depends_on?.api).toEqual({ condition: 'service_healthy' });
    expect(services.api.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    for (const [name, service] of Object.entries(services)) expect({ name, healthcheck: Boolean(service.healthcheck) }).toEqual({ name, healthcheck: true });
  });

  it('tells the API it sits behind one proxy, and leaves the jobs to the worker service', () => {
    expect(services.api.environment).toMatchObject({ TRUST_PROXY: '1', GENERATION_CONSUMER: 'false', NODE_ENV: 'production' });
    expect(services.worker.environment).toMatchObject({ DATABASE_URL: services.api.environment?.DATABASE_URL, REDIS_URL: services.api.environment?.REDIS_URL });
  });
});

describe('Dockerfile', () => {
  it('builds and runs on the newest Node LTS line, the one .ci/run tests', () => {
    const newestLts = /^NEWEST_LTS=(\d+)$/m.exec(read('.ci/run'))?.[1];
    if (!newestLts) throw new Error('.ci/run sets no NEWEST_LTS=<major>: the Node line it tests besides the machine\'s, and the one the image runs');
    const bases = [...read('Dockerfile').matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toMatch(new RegExp(`^node:${newestLts}-(trixie|bookworm)-slim$`));
  });

  it('installs the font the seeded SVG illustrations are drawn with', () => {
    expect(read('Dockerfile')).toMatch(/apt-get install [^\n]*fonts-dejavu-core/);
  });
});
