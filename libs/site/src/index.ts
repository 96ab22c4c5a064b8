export * from './site.module';
export { SITE_CSP } from './http/site-headers';
export { feedLine } from './application/feed-lines';
export { imageUrl } from './render/safe-url';
