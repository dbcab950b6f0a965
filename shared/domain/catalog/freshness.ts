/**
 * How fresh a catalog answer is (docs/catalog.md, "Served from memory"). Containers answer from their
 * copy of the catalog, read from DynamoDB at most `catalogMaxStalenessMs` earlier; past
 * `catalogRefreshAfterMs` they still answer from it and refresh it in the background.
 */
export const catalogMaxStalenessMs = 5_000;
export const catalogRefreshAfterMs = 2_000;

/**
 * The bound, stated to partners: a client may keep an answer this long without missing more than the
 * service itself would, and revalidates with If-None-Match after that.
 */
export const catalogCacheControl = `private, max-age=${Math.floor(catalogMaxStalenessMs / 1000)}`;
