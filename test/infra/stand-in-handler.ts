/** Entry for functions whose handler is not written yet: infra tests skip bundling, so it only has to exist. */
export const handler = async (): Promise<undefined> => undefined;
