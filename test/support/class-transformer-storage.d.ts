// class-transformer publishes its metadata storage (what @Transform records) only in its CommonJS
// build, without types; query-classes.e2e.spec.ts reads it.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
