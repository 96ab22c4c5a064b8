import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig, CONFIG, NotFoundPage } from '@companion/platform';
import { PageHead, SitePages } from '../application/site-pages';
import { agentPage } from '../templates/agent';
import { datePage } from '../templates/date';
import { homePage } from '../templates/home';
import { layout } from '../templates/layout';
import { mixerPage } from '../templates/mixer';
import { notFoundPage } from '../templates/not-found';
import { scenePage } from '../templates/scene';
import { keepsakePage, loveStoryPage } from '../templates/stories';
import { PAGE_HEADERS } from './site-headers';
import { SITE_ASSETS } from './site-assets';

type Built<T> = (PageHead & { model: T }) | null;

interface Route<T> {
  path: string;
  /** Named in the 404 page: "There is no {what} here". */
  what: string;
  build: (id: string) => Promise<Built<T>>;
  render: (model: T) => string;
}

/**
 * The public site's routes, registered on Fastify itself rather than as Nest controllers: the API's
 * global prefix is excluded by route path, and `/agents/:id` here must not take the prefix away
 * from `GET /api/v1/agents/:id`. An error here is answered as a page, never as JSON. It is also the
 * error filter's `NotFoundPage`: a browser that follows a link to a path no route knows gets the
 * same 404 page as for an unknown id.
 */
@Injectable()
export class SiteRoutes implements OnModuleInit, NotFoundPage {
  private readonly logger = new Logger('Site');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly pages: SitePages,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    for (const a of Object.values(SITE_ASSETS))
      fastify.get(a.path, (_req, reply) => {
        void reply
          .header('content-type', a.type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(a.body);
      });
    this.page(fastify, {
      path: '/',
      what: 'page',
      build: () => this.pages.home(),
      render: homePage,
    });
    this.page(fastify, {
      path: '/mixer',
      what: 'page',
      build: () => this.pages.mixerPage(),
      render: mixerPage,
    });
    this.page(fastify, {
      path: '/agents/:id',
      what: 'agent',
      build: (id) => this.pages.agent(id),
      render: agentPage,
    });
    this.page(fastify, {
      path: '/dates/:id',
      what: 'guided date',
      build: (id) => this.pages.date(id),
      render: datePage,
    });
    this.page(fastify, {
      path: '/love-stories/:id',
      what: 'love story',
      build: (id) => this.pages.loveStory(id),
      render: loveStoryPage,
    });
    this.page(fastify, {
      path: '/keepsakes/:id',
      what: 'keepsake',
      build: (id) => this.pages.keepsake(id),
      render: keepsakePage,
    });
    this.page(fastify, {
      path: '/scenes/:id',
      what: 'scene',
      build: (id) => this.pages.scene(id),
      render: scenePage,
    });
  }

  private page<T>(fastify: FastifyInstance, route: Route<T>): void {
    fastify.get(route.path, async (request: FastifyRequest, reply: FastifyReply) => {
      const id = (request.params as { id?: string }).id ?? '';
      void reply.headers(PAGE_HEADERS);
      try {
        const built = await route.build(id);
        if (!built) return this.send(reply, request, 404, this.notFound(route.what));
        return this.send(reply, request, 200, { ...built, body: route.render(built.model) });
      } catch (error) {
        this.logger.error(`${request.url}: ${(error as Error).stack ?? String(error)}`);
        return this.send(reply, request, 500, {
          title: 'Something went wrong · Companion',
          description: 'This page could not be built.',
          body: '<h1>Something went wrong</h1><p>This page could not be built just now. Try again in a moment.</p>',
        });
      }
    });
  }

  private notFound(what: string) {
    return {
      title: 'Not found · Companion',
      description: `No such ${what}.`,
      body: notFoundPage({ what }),
    };
  }

  render(path: string) {
    return { headers: PAGE_HEADERS, html: this.html(path, this.notFound('page')) };
  }

  private send(
    reply: FastifyReply,
    request: FastifyRequest,
    status: number,
    page: PageHead & { body: string },
  ) {
    return reply.code(status).send(this.html(request.url.split('?')[0], page));
  }

  private html(path: string, page: PageHead & { body: string }): string {
    return layout({
      title: page.title,
      description: page.description,
      url: `${this.config.publicBaseUrl}${path}`,
      body: page.body,
      assets: {
        css: SITE_ASSETS.css.url,
        js: SITE_ASSETS.js.url,
        icon: SITE_ASSETS.icon.url,
      },
    });
  }
}
