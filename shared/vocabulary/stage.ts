export const stages = ['local', 'preview', 'stage', 'prod'] as const;
export type Stage = (typeof stages)[number];
