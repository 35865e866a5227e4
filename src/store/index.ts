/** Content stores: content-addressed blobs shared by the activities of a deployment. */
export { contentRef, getJson, getText, isContentRef, type ContentStore } from './content-store';
export { FilesystemStore, type FilesystemStoreOptions } from './filesystem-store';
export { MemoryStore } from './memory-store';
export { PostgresStore, type PostgresStoreOptions } from './postgres-store';
export { StoreUnavailableError } from './errors';
export { describeStore, openStore, parseStoreUrl, STORE_URL_VAR, type StoreConfig } from './open-store';
