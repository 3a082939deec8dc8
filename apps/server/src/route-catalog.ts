import type { FastifyInstance } from 'fastify';

export interface RouteInfo {
  method: string;
  url: string;
  auth?: 'public' | 'member';
  capability?: string;
  profileExempt?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteInfo[];
  }
}

/** Keeps `app.routeCatalog`: every route and its access rule (tests sweep it for 401/403 coverage). */
export function catalogueRoutes(app: FastifyInstance): void {
  const routeCatalog: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Getters: hooks registered deeper (e.g. the docs UI) may still adjust the config.
      routeCatalog.push({
        method,
        url: route.url,
        get auth() {
          return route.config?.auth;
        },
        get capability() {
          return route.config?.capability;
        },
        get profileExempt() {
          return route.config?.profileExempt;
        },
      });
    }
  });
  app.decorate('routeCatalog', routeCatalog);
}
