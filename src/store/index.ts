/** Content stores: content-addressed blobs shared by the activities of a deployment. */
export { contentRef, getJson, getText, isContentRef, type ContentStore } from './content-store';
export { FilesystemStore } from './filesystem-store';
export { MemoryStore } from './memory-store';
