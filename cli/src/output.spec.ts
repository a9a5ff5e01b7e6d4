import { renderJson, renderRecord } from './output';

const lines = (text: string) => text.split('\n');

describe('renderRecord', () => {
  it('draws one label/value row per entry, columns aligned, without colour codes', () => {
    const text = renderRecord([
      ['Status', 'ok'],
      ['Database latency', '1.5 ms'],
    ]);
    expect(lines(text)).toEqual([
      '┌──────────────────┬────────┐',
      '│ Status           │ ok     │',
      '│ Database latency │ 1.5 ms │',
      '└──────────────────┴────────┘',
    ]);
  });
});

describe('renderJson', () => {
  it('prints the data unchanged, indented', () => {
    const data = { status: 'ok', database: { latencyMs: null } };
    expect(JSON.parse(renderJson(data))).toEqual(data);
    expect(renderJson(data)).toBe('{\n  "status": "ok",\n  "database": {\n    "latencyMs": null\n  }\n}');
  });
});
