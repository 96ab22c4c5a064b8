export { BoundedCache, deepFreeze } from './bounded-cache';
