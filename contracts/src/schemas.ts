// The package's second entry, `@atelier/contracts/schemas`: the zod schemas of the API's answers, from
// which the backend generates its OpenAPI document. The main entry infers its types from these and
// stays free of zod at run time, so the frontend's bundle does not carry it.
export * from './errors.schemas';
export * from './health.schemas';
export * from './social.schemas';
export * from './botfolk.schemas';
export * from './generation.schemas';
export * from './content.schemas';
export * from './messages.schemas';
export * from './demo.schemas';
