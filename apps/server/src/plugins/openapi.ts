import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the contract's schemas, served at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Ondoku teacher API',
        version: '2',
        description:
          'Every JSON reply is { errcode, errmsg, data }; errcode 0 is success. Calls marked with bearer security need `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
}

export function openApiRoute(app: FastifyInstance) {
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
}
