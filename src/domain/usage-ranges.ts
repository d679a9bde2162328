/** The ranges a datastore's usage history is read over (issue 45), shortest first. */
export const usageRanges = ['day', 'week', 'month', 'year'] as const;
export type UsageRange = (typeof usageRanges)[number];
