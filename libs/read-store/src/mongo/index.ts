/**
 * The MongoDB adapter's door (`@companion/read-store/mongo`). Apart from the library's main door
 * because the `mongodb` driver takes about 130 ms to load here: the service and the CLI load it only
 * when MONGO_URL asks for it (`openReadStore`, docs/production.md).
 */
export { MongoReadStore } from './mongo-read-store';
