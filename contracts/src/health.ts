export type DatabaseDriver = 'pglite' | 'postgres';

export interface HealthResponse {
  status: 'ok' | 'degraded';
  version: string;
  uptimeSeconds: number;
  database: {
    driver: DatabaseDriver;
    ok: boolean;
    latencyMs: number | null;
    error?: string;
  };
}
