export * from './site.module';
export { SITE_CSP } from './http/site-headers';
export { feedLine } from './application/feed-lines';
export { barChart, lineChart } from './render/charts';
export { imageUrl } from './render/safe-url';
