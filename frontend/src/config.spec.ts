import { describe, expect, it } from 'vitest';
import { parseBaseUrl } from './config';

describe('parseBaseUrl', () => {
  it('defaults to /api when the variable is unset or blank', () => {
    expect(parseBaseUrl('VITE_API_URL', undefined)).toBe('/api');
    expect(parseBaseUrl('VITE_API_URL', '  ')).toBe('/api');
  });

  it('keeps a path or URL without its trailing slash', () => {
    expect(parseBaseUrl('VITE_GEN_API_URL', '/fastapi/')).toBe('/fastapi');
    expect(parseBaseUrl('VITE_GEN_API_URL', 'https://gen.example.com/api')).toBe('https://gen.example.com/api');
  });

  it('rejects a value that is neither a path nor an http URL, naming the variable', () => {
    expect(() => parseBaseUrl('VITE_GEN_API_URL', 'gen.example.com')).toThrow(/VITE_GEN_API_URL/);
  });
});
